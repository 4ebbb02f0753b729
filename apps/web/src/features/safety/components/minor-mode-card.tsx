import { MINOR_DAILY_MINUTES_DEFAULT } from '@lingxi/shared/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { safetyApi } from '../api/safety-api';
import { safetyQueries } from '../api/safety-queries';
import '../safety.css';

const thisYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
const PHONE = /^1[3-9]\d{9}$/;

/**
 * 未成年人模式 in the profile: the declared birth year, the rules that apply, and the guardian's verification by SMS
 * code (needed under 14 before anything is used, and for any change once in minor mode).
 */
export function MinorModeCard() {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const status = useQuery(safetyQueries.status()).data;
  const [year, setYear] = useState<number | null>(null);
  const [guardian, setGuardian] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'code' | 'save' | 'verify' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!status) return <Card title="未成年人模式" loading />;
  const m = status.minor;
  const needsGuardian = m.active; // any change of the year, and consent under 14
  const years = Array.from({ length: 100 }, (_, i) => thisYear() - i);

  const run = async (kind: 'code' | 'save' | 'verify', fn: () => Promise<unknown>, ok: string) => {
    setBusy(kind);
    setError(null);
    try {
      const out = await fn();
      if (out && typeof out === 'object' && 'minor' in out) queryClient.setQueryData(['safety', 'status'], out);
      message.success(ok);
      return true;
    } catch (err) {
      setError(errorMessage(err, '操作失败，请稍后重试'));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const sendCode = () => {
    if (!PHONE.test(guardian)) return setError('请输入正确的监护人手机号');
    void run('code', () => safetyApi.sendGuardianCode(guardian), '验证码已发送至监护人手机');
  };
  const save = () => {
    if (!year) return setError('请选择出生年份');
    const withGuardian = needsGuardian ? { guardian_phone: guardian, guardian_code: code } : {};
    void run('save', () => safetyApi.declareAge({ birth_year: year, ...withGuardian }), '出生年份已更新').then((ok) => ok && setCode(''));
  };
  const verify = () => void run('verify', () => safetyApi.verifyGuardian(guardian, code), '监护人验证成功');

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          未成年人模式
          {m.active ? <Tag color="orange">已开启</Tag> : <Tag>未开启</Tag>}
        </Flex>
      }
      data-testid="minor-mode-card"
    >
      <Flex vertical gap={12}>
        {m.guardian_required && (
          <Alert type="warning" showIcon title="需要监护人同意" description="未满14周岁需要监护人用手机验证码同意后才能使用灵犀。" />
        )}
        <Typography.Text>
          {m.birth_year ? `已声明出生年份：${m.birth_year}年` : '尚未声明年龄。未满18周岁的用户请如实填写，我们将为你开启未成年人模式。'}
          {m.guardian_phone && `，监护人：${m.guardian_phone}`}
        </Typography.Text>
        <ul className="minor-rules">
          <li>
            每日 {m.night_start_hour}:00 至次日 {m.night_end_hour}:00 不能使用
          </li>
          <li>
            每天最多使用 {m.daily_minutes || MINOR_DAILY_MINUTES_DEFAULT} 分钟{m.active ? `（今日已用 ${m.used_minutes_today} 分钟）` : ''}
          </li>
          <li>不能使用“姻缘情感”“情感支持”等亲密关系类服务</li>
          <li>不能打赏，也不能购买付费服务</li>
          <li>未满14周岁需监护人同意；修改出生年份或退出本模式需监护人验证</li>
        </ul>
        <Flex gap={8} wrap>
          <Select
            className="minor-year"
            placeholder="出生年份"
            value={year}
            onChange={setYear}
            options={years.map((y) => ({ value: y, label: `${y}年` }))}
            showSearch
            aria-label="出生年份"
          />
          <Button onClick={save} loading={busy === 'save'}>
            {m.birth_year ? '修改出生年份' : '保存出生年份'}
          </Button>
        </Flex>
        {(needsGuardian || m.guardian_required) && (
          <Flex vertical gap={8} className="guardian-box">
            <Typography.Text type="secondary">监护人验证：验证码将发送到监护人的手机</Typography.Text>
            <Flex gap={8} wrap>
              <Input
                className="guardian-phone"
                value={guardian}
                onChange={(e) => setGuardian(e.target.value.trim())}
                maxLength={11}
                placeholder="监护人手机号"
                aria-label="监护人手机号"
              />
              <Button onClick={sendCode} loading={busy === 'code'}>
                发送验证码
              </Button>
            </Flex>
            <Flex gap={8} wrap>
              <Input
                className="guardian-code"
                value={code}
                onChange={(e) => setCode(e.target.value.trim())}
                maxLength={6}
                placeholder="6位验证码"
                aria-label="监护人验证码"
              />
              {m.guardian_required && (
                <Button type="primary" onClick={verify} loading={busy === 'verify'}>
                  监护人同意
                </Button>
              )}
            </Flex>
          </Flex>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Card>
  );
}
