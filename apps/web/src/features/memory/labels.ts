/** How a memory item's origin and persona kind read in 我的 → 记忆. */
export const SOURCE_TEXT: Record<string, string> = { explicit: '你要求记住', extracted: '对话中整理', edited: '已修改' };
export const CATEGORY_TEXT: Record<string, string> = {
  fortune: '命理',
  wellbeing: '心理与情感',
  legal: '法律',
  growth: '成长',
  general: '综合',
};
export const SENSITIVE_CONSENT_TEXT = [
  '心理咨询、情感陪伴类对话中提到的情绪、健康与人际关系等信息属于敏感个人信息。',
  '开启后，灵犀会在这些对话结束后整理少量与你有关的事实（例如你希望被怎样称呼、正在面对的困扰），只用于这两类 AI 角色今后更好地理解你，不会提供给其他角色或任何第三方。',
  '你可以随时在本页查看、修改、删除这些记忆，或关闭此开关；关闭后不再整理新的记忆。',
];
