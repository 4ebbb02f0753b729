/** Every route of the app (spec §2). Pages link through these so a renamed path is a one-line change. */
export const paths = {
  home: '/',
  baziInput: '/baziinput',
  baziResult: '/baziresult',
  baziPairing: '/bazihehun',
  chat: '/chat/:type',
  /** No type: the first built-in persona (spec §2). */
  chatDefault: '/chat',
  tokenStats: '/token-stats',
  /** Administrators' report queue (issue #13). */
  reportQueue: '/admin/reports',
  login: '/login',
  register: '/register',
  /** 忘记密码 (issue 19). */
  resetPassword: '/reset-password',
  rewardList: '/rewardlist',
  rewardHistory: '/rewardhistory',
  orders: '/orders',
  adminOrders: '/admin/orders',
  adminOffers: '/admin/offers',
  profile: '/profile',
  /** 我的 → 记忆: the user's long-term memory (issue #16). */
  memory: '/profile/memory',
  bindPhone: '/bind-phone',
  tokenHandler: '/token-handler',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
} as const;

/** Spec §2: /chat without a type opens the first built-in persona. */
export const FIRST_BUILT_IN_TYPE = 'bazi';

export const chatHref = (type: string) => `/chat/${encodeURIComponent(type)}`;

/** A saved chart's result page; the id in the address keeps the chart on refresh, back and forward (issue #15). */
export const baziResultHref = (id: string, tab?: string) =>
  `${paths.baziResult}?id=${encodeURIComponent(id)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;

/** A chat opened on a session made elsewhere, asking its first question (a chart's "让AI解读", issue #15). */
export const groundedChatHref = (type: string, sessionId: string, ask: string) =>
  `${chatHref(type)}?session=${encodeURIComponent(sessionId)}&ask=${encodeURIComponent(ask)}`;

/** Pages where a 401 is an expected answer (wrong password, stale token) rather than a dropped session (spec §8). */
export function isAuthPage(pathname: string): boolean {
  return (
    pathname === paths.login ||
    pathname === paths.register ||
    pathname === paths.resetPassword ||
    pathname === paths.bindPhone ||
    pathname.includes('/auth/')
  );
}

/** The chat screen is full-height and has its own chrome, so the layout hides header and footer there. */
export function isChatPath(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/chat/');
}
