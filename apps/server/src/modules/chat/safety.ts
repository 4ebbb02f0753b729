/**
 * Crisis detection on every user turn. Deliberately a keyword/pattern list: it is predictable, cheap and auditable,
 * and a false positive only shows a help card, while a miss can cost a life — so the list errs on the side of
 * flagging. Phrases that talk about the topic from a distance (news, law, prevention) are excluded.
 */
const CRISIS_PATTERNS: RegExp[] = [
  /自杀|自尽|自戕|轻生|寻死|殉情/,
  /不想活|活不下去|活着(真)?没(有)?意思|活着好累|活够了|不如死了|还不如死|想死|好想死|去死吧我|让我死/,
  /结束(自己的)?生命|了结(自己|此生|生命)|结束这一切|离开这个世界|永远地?睡过去|一了百了/,
  /割腕|割脉|跳楼|跳河|跳江|跳桥|上吊|吞药|吃安眠药|喝农药|烧炭|卧轨|服毒|吞了?一(整)?瓶/,
  /自残|自伤|伤害自己|划(伤|破)?自己|弄伤自己|想消失|从世界上消失/,
  /遗书|写好了?遗言|后事都(安排|交代)好/,
  /\b(suicide|kill myself|end my life|self[- ]?harm)\b/i,
];

/** Mentions at a distance: reporting, law, prevention, fiction titles. */
const DISTANCE_PATTERNS: RegExp[] = [/自杀式(袭击|爆炸|攻击)/, /预防自杀|防止自杀|自杀干预|自杀率/, /自杀(罪|案)|教唆自杀/];

export function detectCrisis(text: string): boolean {
  // Chinese is matched without spaces ('活 不下去'), English with single spaces between words.
  const variants = [text.replace(/\s+/g, ''), text.replace(/\s+/g, ' ')];
  return variants.some((t) => {
    const stripped = DISTANCE_PATTERNS.reduce((acc, p) => acc.replace(new RegExp(p.source, 'g'), ''), t);
    return CRISIS_PATTERNS.some((p) => p.test(stripped));
  });
}
