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
