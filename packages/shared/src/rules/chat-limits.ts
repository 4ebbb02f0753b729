/** Chat limits and texts (spec §7 Chat), shared by the server's checks and the web's inputs. */
export const CHAT_QUERY_MAX = 4000;
export const SESSION_NAME_MAX = 50;
/** Sessions are named from their first question, cut to this many characters (spec: session_name). */
export const SESSION_NAME_FROM_QUERY = 20;

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
} as const;
