/**
 * Na-yin (纳音五行): each consecutive pair of the sixty-term cycle shares one of thirty
 * sound-elements, 甲子乙丑 海中金 through 壬戌癸亥 大海水.
 */
const NA_YIN = [
  '海中金',
  '炉中火',
  '大林木',
  '路旁土',
  '剑锋金',
  '山头火',
  '涧下水',
  '城头土',
  '白蜡金',
  '杨柳木',
  '泉中水',
  '屋上土',
  '霹雳火',
  '松柏木',
  '长流水',
  '沙中金',
  '山下火',
  '平地木',
  '壁上土',
  '金箔金',
  '覆灯火',
  '天河水',
  '大驿土',
  '钗钏金',
  '桑柘木',
  '大溪水',
  '沙中土',
  '天上火',
  '石榴木',
  '大海水',
] as const;

export type NaYin = (typeof NA_YIN)[number];

export function naYinOf(ganZhi: number): NaYin {
  return NA_YIN[ganZhi >> 1]!;
}
