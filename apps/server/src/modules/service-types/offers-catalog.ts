/**
 * The deep services (深度服务) seeded for each persona the first time it is seen. Seeding never overwrites a row that
 * exists, so an operator's price, reply count, wording or on/off survives every deploy; a persona added later gets its
 * default once. The fortune category is on out of the box (the whole flow can be tried at `npm start`); the
 * companion personas start off until an operator turns them on.
 */
export const DEFAULT_DEEP_REPLIES = 20;
export const DEFAULT_DEEP_PRICE_FEN = 990;

const COMMON_INCLUDES = [
  '每条深度回复：先结构化分析，再给具体可行的建议',
  '更长的回复与更完整的对话记忆',
  '随时生成「深度总结」并随会话保存',
];

const OFFER_FOCUS: Record<string, { title: string; focus: string }> = {
  bazi: { title: '八字深度解读', focus: '以你保存的完整命盘为依据：四柱、十神、五行与大运逐项分析' },
  ziwei: { title: '紫微深度解读', focus: '结合你的出生信息与命盘，逐宫梳理事业、感情与家庭的关注点' },
  liuyao: { title: '六爻深度解卦', focus: '一事一占：本卦、变卦与动爻逐一解读，落到可行动的建议' },
  qimen: { title: '奇门深度参谋', focus: '从天时、地利、人和三方面为一件具体的事做全面梳理' },
  general: { title: '综合深度咨询', focus: '把复杂的困惑拆开讲透，给出分步骤的行动计划' },
  love: { title: '姻缘情感深聊', focus: '结合传统文化与关系心理，深入梳理你的感情处境' },
  geng: { title: '庚金 · 深度决断', focus: '用决策框架把难题拆透，给出带时间表的行动方案' },
  xin: { title: '辛金 · 深度精进', focus: '找出可以持续打磨的细节，制定精进计划' },
  ren: { title: '壬水 · 深度格局', focus: '拉长时间线、扩大视野，做一次完整的格局梳理' },
  gui: { title: '癸水 · 深度滋养', focus: '细致梳理你的状态，制定温和可行的自我照顾计划' },
  legal: { title: '法律常识深度梳理', focus: '完整梳理事实、维权途径与证据清单（不构成法律意见）' },
  psychology: { title: '心理陪伴深聊', focus: '更长、更耐心的陪伴与情绪梳理（不替代专业诊疗）' },
  emotional: { title: '情感支持深聊', focus: '更长、更耐心的陪伴，帮你梳理关系中的需要与边界' },
  career: { title: '职业规划深度方案', focus: '从自我认知到行动计划，给出完整的职业规划方案' },
  learning: { title: '学习成长深度计划', focus: '诊断学习问题，制定可执行的阶段计划' },
  wisdom: { title: '人生智慧深谈', focus: '借经典与哲思深入讨论你的选择与困惑' },
};

export interface SeedOffer {
  serviceType: string;
  enabled: boolean;
  priceFen: number;
  replies: number;
  title: string;
  includes: string[];
}

/** The default offer of a persona of `category`; null for a type without a deep service of its own. */
export function defaultOffer(key: string, category: string): SeedOffer | null {
  const f = OFFER_FOCUS[key];
  if (!f) return null;
  return {
    serviceType: key,
    enabled: category === 'fortune',
    priceFen: DEFAULT_DEEP_PRICE_FEN,
    replies: DEFAULT_DEEP_REPLIES,
    title: f.title,
    includes: [f.focus, ...COMMON_INCLUDES],
  };
}
