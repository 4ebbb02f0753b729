// lunar-javascript ships no type declarations; this covers what the cross-check tests
// and the benchmark call. Nothing at runtime imports lunar-javascript.
declare module 'lunar-javascript' {
  export interface LjSolar {
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getLunar(): LjLunar;
    toYmd(): string;
    toYmdHms(): string;
  }
  export interface LjJieQi {
    getName(): string;
    getSolar(): LjSolar;
  }
  export interface LjLunar {
    toString(): string;
    getPrevJieQi(wholeDay?: boolean): LjJieQi;
    getNextJieQi(wholeDay?: boolean): LjJieQi;
    getYear(): number;
    /** Negative for a leap month. */
    getMonth(): number;
    getDay(): number;
    getSolar(): LjSolar;
    getEightChar(): LjEightChar;
  }
  export interface LjLiuNian {
    getGanZhi(): string;
    getYear(): number;
    getAge(): number;
    getLiuYue(): LjLiuYue[];
  }
  export interface LjLiuYue {
    getIndex(): number;
    getGanZhi(): string;
  }
  export interface LjDaYun {
    getIndex(): number;
    getGanZhi(): string;
    getStartYear(): number;
    getEndYear(): number;
    getStartAge(): number;
    getEndAge(): number;
    getLiuNian(n?: number): LjLiuNian[];
    getXiaoYun(n?: number): LjLiuNian[];
  }
  export interface LjYun {
    isForward(): boolean;
    getStartSolar(): LjSolar;
    getDaYun(n?: number): LjDaYun[];
  }
  type PillarName = 'Year' | 'Month' | 'Day' | 'Time';
  type PillarGetters = {
    [K in PillarName as `get${K}ShiShenGan` | `get${K}NaYin` | `get${K}DiShi` | `get${K}XunKong`]: () => string;
  } & {
    [K in PillarName as `get${K}HideGan` | `get${K}ShiShenZhi`]: () => string[];
  };
  export interface LjEightChar extends PillarGetters {
    setSect(sect: 1 | 2): void;
    getYear(): string;
    getMonth(): string;
    getDay(): string;
    getTime(): string;
    getTaiYuan(): string;
    getTaiYuanNaYin(): string;
    getTaiXi(): string;
    getTaiXiNaYin(): string;
    getMingGong(): string;
    getMingGongNaYin(): string;
    getShenGong(): string;
    getShenGongNaYin(): string;
    /** gender 1 = male, 0 = female; sect 2 counts the start of luck by minutes. */
    getYun(gender: 0 | 1, sect?: 1 | 2): LjYun;
  }
  export const Solar: {
    fromYmd(year: number, month: number, day: number): LjSolar;
    fromYmdHms(year: number, month: number, day: number, hour: number, minute: number, second: number): LjSolar;
  };
  export const Lunar: {
    /** A negative month means the leap month. */
    fromYmd(year: number, month: number, day: number): LjLunar;
  };
  export const LunarUtil: {
    SHI_SHEN: Record<string, string>;
    NAYIN: Record<string, string>;
    ZHI_HIDE_GAN: Record<string, string[]>;
    /** Indexed by stem 甲 = 0: the stem it combines with (五合). */
    HE_GAN_5: string[];
    /** Indexed by branch 子 = 0: the branch it combines with (六合). */
    HE_ZHI_6: string[];
    /** Indexed by branch 子 = 0: the branch it clashes with (六冲). */
    CHONG: string[];
    /** Indexed by stem 甲 = 0: the stem it clashes with, as i18n keys ('{tg.geng}'), '' for 戊己. */
    CHONG_GAN_4: string[];
  };
}
