import { createHash, randomBytes } from 'node:crypto';

/** The fake Open Platform's WeChat users. Each has one unionid; its openid differs per appid, as on the real platform. */
export interface SandboxPersona {
  key: string;
  nickname: string;
  unionid: string;
  color: string;
}

export const SANDBOX_PERSONAS: readonly SandboxPersona[] = [
  { key: 'xiaolin', nickname: '微信用户·小林', unionid: 'oSbxU_xiaolin_0000000000001', color: '#07c160' },
  { key: 'xiaoyu', nickname: '微信用户·小雨', unionid: 'oSbxU_xiaoyu_00000000000002', color: '#1677ff' },
  { key: 'ajie', nickname: '微信用户·阿杰', unionid: 'oSbxU_ajie_000000000000003', color: '#fa8c16' },
  { key: 'xiaomei', nickname: '微信用户·小美', unionid: 'oSbxU_xiaomei_000000000004', color: '#eb2f96' },
];

/** A person never seen before (for clicking through sign-up repeatedly on one database). */
export function freshPersona(): SandboxPersona {
  const id = randomBytes(6).toString('hex');
  return { key: `new-${id}`, nickname: `微信用户·${id.slice(0, 4)}`, unionid: `oSbxU_new_${id}`, color: '#8c8c8c' };
}

export function findPersona(key: string): SandboxPersona | null {
  if (/^new-[0-9a-f]{12}$/.test(key)) {
    const id = key.slice(4);
    return { key, nickname: `微信用户·${id.slice(0, 4)}`, unionid: `oSbxU_new_${id}`, color: '#8c8c8c' };
  }
  return SANDBOX_PERSONAS.find((p) => p.key === key) ?? null;
}

/** openid = f(appid, person): stable, 28 characters like the real ones, different for every app. */
export function openidFor(appid: string, p: SandboxPersona): string {
  return `oSbx${createHash('sha256').update(`${appid}|${p.unionid}`).digest('base64url').slice(0, 24)}`;
}
