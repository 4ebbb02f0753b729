import { MSG, NAME_MIN, PASSWORD_MIN, PHONE_LENGTH, PRIVACY_POLICY_VERSION, isValidPhone, normalizePhone } from '@lingxi/shared/rules';
import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/controls/button';
import { TextField } from '@/components/controls/text-field';
import { paths } from '@/config/paths';
import { useFormFields } from '@/hooks/use-form-fields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { minLength, phone, phoneChecks, required, sameAs, smsCodeChecks } from '@/lib/validators';
import { register } from '../api/register';
import { useAuthStore } from '../stores/auth-store';
import { hasAcceptedPrivacy, rememberPrivacyAccepted } from '../stores/privacy-consent';
import { PrivacyAgreement } from './privacy-agreement';
import { PhoneAndCodeFields } from './phone-fields';

const BIRTH_YEARS = Array.from({ length: 100 }, (_, i) => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear() - i);

type Values = Record<'name' | 'phone' | 'code' | 'password' | 'confirmPassword' | 'referrer', string>;

interface RegisterFormProps {
  /** From ?referrer= in an invitation link: it fills the field, which the person may clear (issue 19). */
  referrerFromLink?: string;
}

const REFERRER_UNKNOWN = /推荐人不存在/;

export function RegisterForm({ referrerFromLink }: RegisterFormProps) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  // A malformed link value is not put in the field: the notice below says so and sign-up goes on without it.
  const linkUsable = !referrerFromLink || isValidPhone(referrerFromLink);
  const [referrerNotice, setReferrerNotice] = useState(linkUsable ? '' : '邀请链接中的推荐人手机号无效，已为你忽略，可直接注册');
  const form = useFormFields<Values>({
    initial: { name: '', phone: '', code: '', password: '', confirmPassword: '', referrer: linkUsable ? (referrerFromLink ?? '') : '' },
    checks: {
      name: [required(MSG.nameRequired), minLength(NAME_MIN, MSG.nameMin)],
      phone: phoneChecks,
      code: smsCodeChecks(MSG.codeSixDigits),
      password: [required(MSG.passwordRequired, { trim: false }), minLength(PASSWORD_MIN, MSG.passwordMin, { trim: false })],
      confirmPassword: [required(MSG.confirmRequired, { trim: false }), sameAs<Values>('password', MSG.confirmMismatch)],
      referrer: [phone(MSG.referrerInvalid)],
    },
    dependents: { password: ['confirmPassword'] },
  });
  const [agreed, setAgreed] = useState(hasAcceptedPrivacy);
  // Optional age declaration (issue #13): a minor's year turns on minor mode; under 14 needs a guardian's consent.
  const [birthYear, setBirthYear] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const onValid = async (v: Values) => {
    if (!agreed) return;
    setSubmitting(true);
    try {
      // Only what the field holds: a cleared field means no referrer, even when the link named one.
      const referrer = v.referrer.trim() || undefined;
      const res = await register({
        name: v.name.trim(),
        phone: normalizePhone(v.phone),
        code: v.code,
        password: v.password,
        confirmPassword: v.confirmPassword,
        referrer_id: referrer ? normalizePhone(referrer) : undefined,
        policy_version: PRIVACY_POLICY_VERSION,
        ...(birthYear ? { birth_year: Number(birthYear) } : {}),
      });
      setSession(res.token, res.user_info);
      rememberPrivacyAccepted();
      message.success('注册成功');
      // Under 14 the guardian's consent comes first: the profile has the verification.
      const child = birthYear && BIRTH_YEARS[0] !== undefined && BIRTH_YEARS[0] - Number(birthYear) - 1 < 14;
      navigate(child ? paths.profile : paths.home, { replace: true });
    } catch (error) {
      const text = errorMessage(error, '注册失败，请重试');
      if (error instanceof ApiError && error.status === 400 && REFERRER_UNKNOWN.test(text)) {
        // An invitation from someone who is not (or no longer) a user must not block sign-up: say so, empty the field.
        form.field('referrer').onChange('');
        setReferrerNotice('推荐人不存在，已清空推荐人，可直接注册');
        return;
      }
      message.error(text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form id="register" noValidate onSubmit={form.submit((v) => void onValid(v))}>
      <TextField {...form.field('name')} icon={<UserOutlined />} placeholder="用户名" autoComplete="nickname" maxLength={32} />
      <PhoneAndCodeFields form={form} purpose="register" policyVersion={agreed ? PRIVACY_POLICY_VERSION : undefined} />
      <TextField
        {...form.field('password')}
        type="password"
        icon={<LockOutlined />}
        placeholder="密码（至少6位）"
        autoComplete="new-password"
      />
      <TextField
        {...form.field('confirmPassword')}
        type="password"
        icon={<LockOutlined />}
        placeholder="确认密码"
        autoComplete="new-password"
      />
      <TextField
        {...form.field('referrer')}
        icon={<TeamOutlined />}
        placeholder="推荐人手机号（选填）"
        maxLength={PHONE_LENGTH}
        inputMode="tel"
        allowClear
      />
      {referrerNotice ? (
        <div className="auth-notice" role="status">
          {referrerNotice}
        </div>
      ) : null}
      <div className="field">
        <select
          className="input control-select"
          value={birthYear}
          onChange={(e) => setBirthYear(e.target.value)}
          aria-label="出生年份（选填）"
          data-testid="birth-year"
        >
          <option value="">出生年份（选填，未满18周岁将开启未成年人模式）</option>
          {BIRTH_YEARS.map((y) => (
            <option key={y} value={y}>
              {y}年
            </option>
          ))}
        </select>
      </div>
      <div className="field field-check">
        <PrivacyAgreement checked={agreed} onChange={setAgreed} />
      </div>
      <Button type="submit" variant="primary" size="large" block loading={submitting} disabled={!agreed}>
        注册
      </Button>
    </form>
  );
}
