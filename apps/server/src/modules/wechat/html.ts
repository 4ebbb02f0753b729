/** Small server-rendered Chinese pages (the fake Open Platform and the OAuth callback): no templates, every value escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;
background:#f5f7f5;color:#1f2933;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
.card{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:24px;width:100%;max-width:400px;text-align:center}
h1{font-size:20px;margin:8px 0 12px}p{color:#52606d;line-height:1.6;margin:8px 0}.ok{color:#07c160}.err{color:#d64545}
.icon{font-size:40px;line-height:1}.muted{font-size:13px;color:#7b8794}
label.persona{display:flex;align-items:center;gap:12px;text-align:left;border:1px solid #e4e7eb;border-radius:8px;padding:10px 12px;margin:8px 0;cursor:pointer}
label.persona:has(input:checked){border-color:#07c160;background:#f0fbf4}
.avatar{width:36px;height:36px;border-radius:6px;display:flex;align-items:center;justify-content:center;color:#fff;font-weight:600;flex:none}
button{width:100%;border:0;border-radius:8px;padding:12px;font-size:16px;margin-top:10px;cursor:pointer}
.primary{background:#07c160;color:#fff}.secondary{background:#f0f2f4;color:#1f2933}.link{background:none;color:#7b8794;font-size:13px;padding:6px}
a{color:#07a352}
`;

export function page(title: string, body: string, opts: { script?: string; nonce?: string } = {}): string {
  const script = opts.script ? `<script nonce="${opts.nonce ?? ''}">${opts.script}</script>` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main class="card">${body}</main>${script}</body></html>`;
}

/** Inline styles only, no scripts unless one is named by nonce: these pages never run anything else. */
export function pageCsp(nonce?: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:; ${nonce ? `script-src 'nonce-${nonce}'; ` : ''}base-uri 'none'`;
}
