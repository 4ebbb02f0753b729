import { describe, expect, it } from 'vitest';
import { findPlace, formatBirthPlace, listCities, listProvinces, parseBirthPlace } from './places';

const PROVINCE_NAMES =
  '北京 天津 河北 山西 内蒙古 辽宁 吉林 黑龙江 上海 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 广西 海南 重庆 四川 贵州 云南 西藏 陕西 甘肃 青海 宁夏 新疆 台湾 香港 澳门';

describe('built-in places', () => {
  it('lists all 34 province-level divisions in the usual order', () => {
    expect(
      listProvinces()
        .map((p) => p.name)
        .join(' '),
    ).toBe(PROVINCE_NAMES);
  });

  it.each([
    ['河北', 11],
    ['山西', 11],
    ['辽宁', 14],
    ['吉林', 9],
    ['江苏', 13],
    ['浙江', 11],
    ['安徽', 16],
    ['福建', 9],
    ['江西', 11],
    ['山东', 16],
    ['湖南', 14],
    ['广东', 21],
    ['广西', 14],
    ['四川', 21],
    ['贵州', 9],
    ['云南', 16],
    ['西藏', 7],
    ['陕西', 10],
    ['甘肃', 14],
    ['青海', 8],
    ['宁夏', 5],
    ['内蒙古', 12],
    ['黑龙江', 13],
  ])('gives %s its %i prefecture-level divisions', (province, count) => {
    expect(listCities(province)).toHaveLength(count);
  });

  it('lists each municipality itself first, then its districts', () => {
    expect(
      listCities('北京')
        .map((c) => c.name)
        .slice(0, 3),
    ).toEqual(['北京', '东城', '西城']);
    expect(listCities('北京')).toHaveLength(17);
    expect(listCities('上海')).toHaveLength(17);
    expect(listCities('天津')).toHaveLength(17);
    expect(listCities('重庆')).toHaveLength(39);
  });

  it('keeps every coordinate inside China and every city name unique within its province', () => {
    for (const province of listProvinces()) {
      const names = province.cities.map((c) => c.name);
      expect(new Set(names).size, province.name).toBe(names.length);
      for (const city of province.cities) {
        expect(city.longitude, city.name).toBeGreaterThan(73);
        expect(city.longitude, city.name).toBeLessThan(135.1);
        expect(city.latitude, city.name).toBeGreaterThan(3.8);
        expect(city.latitude, city.name).toBeLessThan(53.6);
      }
    }
  });

  it('places well-known cities right: Beijing 116.41°E, Urumqi 87.62°E, Shenzhen 22.55°N', () => {
    expect(findPlace('北京', '北京')).toMatchObject({ longitude: 116.41, latitude: 39.9 });
    expect(findPlace('新疆', '乌鲁木齐')?.longitude).toBe(87.62);
    expect(findPlace('广东', '深圳')?.latitude).toBe(22.55);
  });

  it('has prefix-free province names, so a joined string splits one way only', () => {
    const names = listProvinces().flatMap((p) => [p.name, p.fullName]);
    for (const a of listProvinces()) {
      for (const b of names) if (b !== a.name && b !== a.fullName) expect(b.startsWith(a.name), `${a.name} / ${b}`).toBe(false);
    }
  });
});

describe('birth_place strings', () => {
  it('joins province and city short names with nothing between', () => {
    expect(formatBirthPlace('广东', '深圳')).toBe('广东深圳');
  });

  it.each([
    ['北京北京', '北京北京'],
    ['广东深圳', '广东深圳'],
    ['广东省深圳市', '广东深圳'],
    ['广东 深圳', '广东深圳'],
    ['广东-深圳', '广东深圳'],
    ['广东/深圳市', '广东深圳'],
    ['北京', '北京北京'],
    ['重庆万州', '重庆万州'],
    ['天津河北', '天津河北'],
    ['青海海南', '青海海南'],
    ['海南海口', '海南海口'],
    ['内蒙古自治区呼和浩特市', '内蒙古呼和浩特'],
    ['吉林吉林', '吉林吉林'],
    ['台湾新竹市', '台湾新竹市'],
    ['香港九龙', '香港九龙'],
    ['湖北恩施土家族苗族自治州', '湖北恩施'],
  ])('reads %s as %s', (text, label) => {
    expect(parseBirthPlace(text)?.label).toBe(label);
  });

  it.each(['', '广东', '广东北京', '火星', '北京 东城 朝阳', '深圳'])('finds nothing for %j', (text) => {
    expect(parseBirthPlace(text)).toBeNull();
  });

  it('round-trips every built-in place through its label', () => {
    for (const province of listProvinces()) {
      for (const city of province.cities) {
        expect(parseBirthPlace(formatBirthPlace(province.name, city.name))).toMatchObject({ province: province.name, city: city.name });
      }
    }
  });
});
