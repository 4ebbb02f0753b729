/** Chat limits and texts (spec §7 Chat), shared by the server's checks and the web's inputs. */
export const CHAT_QUERY_MAX = 4000;
export const SESSION_NAME_MAX = 50;
/** Sessions are named from their first question, cut to this many characters (spec: session_name). */
export const SESSION_NAME_FROM_QUERY = 20;
/** save-message: a message's text and its grounding text (a reply of LLM_MAX_TOKENS fits with room to spare). */
export const SAVE_CONTENT_MAX = 10_000;
export const SAVE_CONTENT_RAG_MAX = 4_000;
/** session-detail: messages per page (the newest page first; `before` pages back). */
export const SESSION_PAGE_DEFAULT = 50;
export const SESSION_PAGE_MAX = 100;

export const CHAT_MSG = {
  queryRequired: '请输入您的问题',
  queryTooLong: `问题不能超过${CHAT_QUERY_MAX}个字`,
  typeRequired: '请选择服务类型',
  sessionRequired: '请提供会话ID',
  sessionNotFound: '会话不存在',
  serviceTypeNotFound: '服务类型不存在',
  busy: '上一条回复尚未完成，请稍候',
  nothingToRegenerate: '没有可以重新生成的回复',
  nameRequired: '请输入会话名称',
  nameTooLong: `会话名称不能超过${SESSION_NAME_MAX}个字`,
  statsQueryRequired: '请输入 session_id 或手机号',
  roleInvalid: '消息角色不正确',
  orderTaken: '该消息序号已存在',
  messageTimeInvalid: '消息时间不正确',
  contentRequired: '请输入消息内容',
  contentTooLong: `消息内容不能超过${SAVE_CONTENT_MAX}个字`,
  contentRagTooLong: `参考内容不能超过${SAVE_CONTENT_RAG_MAX}个字`,
  pageInvalid: '分页参数不正确',
  streamsLimit: '同时进行的回复已达上限，请等当前回复完成后再试',
  dailyQuota: '今日对话额度已用完，请明天再来（北京时间0点恢复）',
  sessionFull: '本对话的消息已达上限，请新建对话继续',
  sessionsLimit: '对话数量已达上限，请删除不需要的旧对话后再新建',
  messageNotFound: '回复不存在',
  orderInvalid: '消息序号无效',
} as const;
