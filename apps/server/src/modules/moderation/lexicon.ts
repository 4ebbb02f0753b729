import type { LexiconEntry } from './matcher';

/**
 * The shipped lexicon of the local moderation provider: phrases that offer, solicit or teach what is illegal to publish
 * or trade in mainland China (drugs, gambling, weapons and explosives, sexual services, fraud schemes, the trade in
 * personal data, terrorism, banned cults). Phrases, not topic words: someone asking for help because a relative takes
 * drugs or because they were defrauded must still be answered, and matching ignores spacing, punctuation, full-width
 * and traditional forms, so a bare topic word would refuse ordinary conversation. Self-harm
 * is not here on purpose: it goes to the crisis card (chat/safety.ts), never to a refusal. Political screening needs a
 * maintained commercial list: that is the aliyun provider's job (docs/decisions/018-*.md). Operators add words with
 * MODERATION_EXTRA_WORDS_FILE.
 */
const LEXICON: Record<string, string[]> = {
  illegal: [
    '出售冰毒',
    '冰毒货源',
    '买冰毒',
    '卖冰毒',
    '出售海洛因',
    '海洛因货源',
    '出售摇头丸',
    '出售K粉',
    '麻古出售',
    '大麻出售',
    '大麻种子出售',
    '可卡因出售',
    '芬太尼出售',
    '笑气出售',
    '毒品货源',
    '买毒品渠道',
    '卖毒品',
    '制毒方法',
    '制作冰毒教程',
    '溜冰工具出售',
    '赌博网站推荐',
    '网上赌场开户',
    '百家乐平台推荐',
    '时时彩代理招募',
    '六合彩内幕资料',
    '赌球平台推荐',
    '棋牌代理充值',
    '买卖枪支',
    '出售枪支',
    '手枪出售',
    '仿真枪出售',
    '气枪出售',
    '猎枪出售',
    '枪支配件出售',
    '子弹出售',
    '弓弩出售',
    '管制刀具出售',
    '炸药配方',
    '自制炸药教程',
    '制作炸弹教程',
    '雷管出售',
    '爆炸物制作方法',
    '代开发票',
    '出售假发票',
    '办假证',
    '假身份证出售',
    '假驾照出售',
    '假学历办理',
    '代考包过',
    '考试答案出售',
    '出售银行卡',
    '收购银行卡',
    '出租银行卡',
    '买卖银行卡',
    '洗钱通道',
    '地下钱庄换汇',
    '出售个人信息',
    '身份证信息出售',
    '公民信息出售',
    '手机号定位查询服务',
    '开房记录查询',
    '户籍信息查询服务',
    '器官买卖中介',
    '卖肾中介',
    '代孕服务',
    '买卖婴儿',
    '黑客接单',
    '盗号软件出售',
    '木马程序出售',
    '短信轰炸服务',
    'DDOS攻击服务',
  ],
  sexual: [
    '色情网站推荐',
    '黄色网站推荐',
    '色情视频资源',
    '黄色视频资源',
    '色情直播平台',
    '裸聊服务',
    '裸聊直播',
    '援交服务',
    '约炮软件推荐',
    '上门服务小姐',
    '楼凤信息',
    '兼职小姐',
    '外围女价格',
    '包夜服务',
    '迷药出售',
    '迷奸药',
    '催情药出售',
    '春药出售',
    '儿童色情',
    '幼女色情',
    '萝莉色情资源',
  ],
  fraud: [
    '刷单返利',
    '刷单兼职招聘',
    '信用卡套现',
    '花呗套现',
    '无抵押秒下款',
    '网贷黑户口子',
    '资金盘拉人',
    '拉人头返利',
    '虚拟币保本高收益',
    '安全账户转账',
  ],
  violence: ['买凶杀人', '雇凶杀人', '杀人教程', '投毒方法教程', '绑架勒索教程', '加入圣战组织', '人体炸弹教程', '恐怖袭击教程'],
  political: ['法轮大法好', '全能神教会', '加入邪教组织'],
};

export function shippedLexicon(): LexiconEntry[] {
  return Object.entries(LEXICON).flatMap(([category, terms]) => terms.map((term) => ({ term, category })));
}

/** MODERATION_EXTRA_WORDS_FILE: one word a line; blank lines and lines starting with # are ignored. */
export function parseExtraWords(text: string): LexiconEntry[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((term) => ({ term, category: 'custom' }));
}
