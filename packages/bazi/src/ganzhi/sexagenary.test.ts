import { describe, expect, it } from 'vitest';
import { lifeStage } from './life-stages';
import { GAN_ZHI_NAMES, ganZhiIndex, xunKong, yearGanZhiIndex } from './sexagenary';
import { GAN, ZHI } from './stems-branches';

describe('sixty-cycle helpers', () => {
  it('runs 甲子 乙丑 … 癸亥 and pairs stems and branches of equal parity only', () => {
    expect(GAN_ZHI_NAMES.slice(0, 3).concat(GAN_ZHI_NAMES.slice(-2))).toEqual(['甲子', '乙丑', '丙寅', '壬戌', '癸亥']);
    expect(ganZhiIndex(GAN.indexOf('甲'), ZHI.indexOf('戌'))).toBe(10);
    expect(() => ganZhiIndex(0, 1)).toThrow(RangeError);
  });

  it('names Gregorian years by their 立春 year: 1984 甲子, 2024 甲辰, 1901 辛丑, 2099 己未', () => {
    expect([1984, 2024, 1901, 2099].map((y) => GAN_ZHI_NAMES[yearGanZhiIndex(y)])).toEqual(['甲子', '甲辰', '辛丑', '己未']);
  });

  it('finds the void branches (旬空) of a pillar’s decade', () => {
    expect(xunKong(GAN_ZHI_NAMES.indexOf('甲子'))).toBe('戌亥');
    expect(xunKong(GAN_ZHI_NAMES.indexOf('癸酉'))).toBe('戌亥');
    expect(xunKong(GAN_ZHI_NAMES.indexOf('甲戌'))).toBe('申酉');
    expect(xunKong(GAN_ZHI_NAMES.indexOf('壬戌'))).toBe('子丑');
  });
});

describe('twelve life stages (十二长生)', () => {
  const stage = (gan: string, zhi: string) => lifeStage(GAN.indexOf(gan as never), ZHI.indexOf(zhi as never));

  it('walks yang stems forwards: 甲 长生 in 亥, 帝旺 in 卯, 墓 in 未', () => {
    expect([stage('甲', '亥'), stage('甲', '卯'), stage('甲', '未')]).toEqual(['长生', '帝旺', '墓']);
  });

  it('walks yin stems backwards: 乙 长生 in 午, 帝旺 in 寅, 墓 in 戌', () => {
    expect([stage('乙', '午'), stage('乙', '寅'), stage('乙', '戌')]).toEqual(['长生', '帝旺', '墓']);
  });

  it('places 戊 with 丙 and 己 with 丁 (火土同宫)', () => {
    expect(stage('戊', '寅')).toBe('长生');
    expect(stage('己', '酉')).toBe('长生');
    expect(stage('庚', '巳')).toBe('长生');
    expect(stage('癸', '卯')).toBe('长生');
  });
});
