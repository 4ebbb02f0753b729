import { escapeHtml, page } from '../html';
import type { SandboxPersona } from './sandbox-personas';

/** The fake's "phone screen": who confirms the sign-in, as WeChat's own confirmation page would ask. */
export function confirmPage(p: { action: string; appid: string; personas: readonly SandboxPersona[]; redirectHost: string }): string {
  const options = p.personas
    .map(
      (x, i) => `<label class="persona"><input type="radio" name="persona" value="${escapeHtml(x.key)}"${i === 0 ? ' checked' : ''}>
<span class="avatar" style="background:${escapeHtml(x.color)}">${x.key.startsWith('new-') ? '新' : escapeHtml([...x.nickname].at(-1) ?? '微')}</span>
<span>${escapeHtml(x.nickname)}<br><span class="muted">${x.key.startsWith('new-') ? '一个从未登录过的微信用户' : '沙箱测试身份'}</span></span></label>`,
    )
    .join('');
  return page(
    '微信登录确认',
    `<p class="muted">沙箱 · 模拟微信开放平台</p>
<div class="icon ok">✓</div>
<h1>微信登录确认</h1>
<p>网站应用（${escapeHtml(p.appid)}）申请使用你的微信身份登录 <b>${escapeHtml(p.redirectHost)}</b></p>
<p class="muted">将获得：你的公开信息（昵称、头像）</p>
<form method="post" action="${escapeHtml(p.action)}">
<p style="text-align:left;margin-top:16px">选择要使用的微信身份：</p>
${options}
<button class="primary" type="submit" name="decision" value="allow">确认登录</button>
<button class="secondary" type="submit" name="decision" value="deny">取消</button>
<button class="link" type="submit" name="decision" value="expired-code">模拟过期的授权码（测试 40029）</button>
</form>`,
  );
}

export function errorPage(title: string, detail: string): string {
  return page(
    title,
    `<p class="muted">沙箱 · 模拟微信开放平台</p><div class="icon err">!</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`,
  );
}

/**
 * The official account's authorization page: snsapi_userinfo asks 允许 / 拒绝 for the profile; snsapi_base shows no page
 * in real WeChat, so here it appears only to pick who is signed in to WeChat on this "phone" (once).
 */
export function authorizePage(p: {
  action: string;
  appid: string;
  scope: string;
  personas: readonly SandboxPersona[];
  signedIn: boolean;
  redirectHost: string;
}): string {
  const options = p.personas
    .map(
      (x, i) => `<label class="persona"><input type="radio" name="persona" value="${escapeHtml(x.key)}"${i === 0 ? ' checked' : ''}>
<span class="avatar" style="background:${escapeHtml(x.color)}">${x.key.startsWith('new-') ? '新' : escapeHtml([...x.nickname].at(-1) ?? '微')}</span>
<span>${escapeHtml(x.nickname)}<br><span class="muted">${i === 0 && p.signedIn ? '当前登录的微信' : x.key.startsWith('new-') ? '一个从未使用过的微信用户' : '沙箱测试身份'}</span></span></label>`,
    )
    .join('');
  const userinfo = p.scope === 'snsapi_userinfo';
  return page(
    userinfo ? '微信授权' : '选择微信身份',
    `<p class="muted">沙箱 · 模拟微信公众号网页授权</p>
<h1>${userinfo ? '申请获取你的公开信息' : '选择当前登录的微信'}</h1>
<p>公众号（${escapeHtml(p.appid)}）${userinfo ? '申请获得你的昵称、头像，用于登录' : '将获取你的身份标识，用于登录和支付'} <b>${escapeHtml(p.redirectHost)}</b></p>
${userinfo ? '' : '<p class="muted">真实微信中此步骤没有页面（静默授权）；沙箱只在第一次询问用哪个身份</p>'}
<form method="post" action="${escapeHtml(p.action)}">
<p style="text-align:left;margin-top:16px">${p.signedIn ? '当前微信身份（可切换）：' : '选择要使用的微信身份：'}</p>
${options}
<button class="primary" type="submit" name="decision" value="allow">${userinfo ? '允许' : '继续'}</button>
${userinfo ? '<button class="secondary" type="submit" name="decision" value="deny">拒绝</button>' : ''}
<button class="link" type="submit" name="decision" value="expired-code">模拟过期的授权码（测试 40029）</button>
</form>`,
  );
}

/** What WeChat shows when its authorization link is opened in any other browser. */
export function openInWechatPage(): string {
  return page(
    '请在微信客户端打开链接',
    `<p class="muted">沙箱 · 模拟微信公众号网页授权</p><div class="icon err">!</div><h1>请在微信客户端打开链接</h1>`,
  );
}
