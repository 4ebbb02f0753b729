import { describe, expect, it } from 'vitest';
import { createPaymentBody, fenToYuan, fenToYuanText, parseYuanToFen, REWARD_MSG, tipListQuery } from './reward';

const fen = (v: unknown) => {
  const r = parseYuanToFen(v);
  return r.ok ? r.fen : r.message;
};

describe('yuan ↔ fen', () => {
  it('reads amounts whose float product is inexact into exact fen', () => {
    expect(0.07 * 100).not.toBe(7);
    expect(19.99 * 100).not.toBe(1999);
    expect(fen(0.07)).toBe(7);
    expect(fen(19.99)).toBe(1999);
    expect(fen(1.1)).toBe(110);
    expect(fen(0.29)).toBe(29);
    expect(fen(4.35)).toBe(435);
    expect(fen('19.99')).toBe(1999);
    expect(fen(' 5 ')).toBe(500);
    expect(fen('5.10')).toBe(510);
    expect(fen('19.990')).toBe(1999);
  });

  it('accepts the range ends 0.01 and 100', () => {
    expect(fen(0.01)).toBe(1);
    expect(fen(100)).toBe(10000);
    expect(fen('100.00')).toBe(10000);
  });

  it('rejects zero, negatives and non-numbers with 请输入有效的打赏金额', () => {
    for (const v of [
      0,
      '0',
      '0.00',
      -1,
      '-1',
      'abc',
      '',
      null,
      undefined,
      true,
      {},
      [],
      Number.NaN,
      Infinity,
      '1e2',
      '0x10',
      '.5',
      '1,5',
    ]) {
      expect(fen(v), String(v)).toBe(REWARD_MSG.invalid);
    }
  });

  it('rejects anything above 100 with 单笔打赏金额上限为100元', () => {
    for (const v of [100.01, '100.01', 101, 1e21, '100.001', '99999999999999999999']) expect(fen(v), String(v)).toBe(REWARD_MSG.max);
  });

  it('rejects a third decimal with 金额最多保留两位小数', () => {
    for (const v of [0.001, '0.001', 19.999, 1e-7, '5.125']) expect(fen(v), String(v)).toBe(REWARD_MSG.decimals);
  });

  it('prints fen as yuan by integer arithmetic', () => {
    expect(fenToYuanText(7)).toBe('0.07');
    expect(fenToYuanText(1999)).toBe('19.99');
    expect(fenToYuanText(10000)).toBe('100.00');
    expect(fenToYuan(1999)).toBe(19.99);
    expect(fenToYuan(1)).toBe(0.01);
    expect(() => fenToYuanText(1.5)).toThrow(RangeError);
  });

  it('round-trips every fen amount from 1 to 10000 through its yuan text and number', () => {
    for (let f = 1; f <= 10000; f += 1) {
      expect(parseYuanToFen(fenToYuanText(f))).toEqual({ ok: true, fen: f });
      expect(parseYuanToFen(fenToYuan(f))).toEqual({ ok: true, fen: f });
    }
  });
});

describe('payment request contract', () => {
  it('turns the amount into fen and defaults the trade type to NATIVE', () => {
    expect(createPaymentBody.parse({ amount: 19.99, payment_method: 'wechat' })).toEqual({
      amount: 1999,
      payment_method: 'wechat',
      trade_type: 'NATIVE',
    });
    expect(createPaymentBody.parse({ amount: '5', payment_method: 'alipay', trade_type: 'native' }).trade_type).toBe('NATIVE');
  });

  it('refuses unknown methods and trade types in Chinese, and a return address off the site', () => {
    expect(createPaymentBody.safeParse({ amount: 5, payment_method: 'paypal' }).error?.issues[0]?.message).toBe('请选择支付方式');
    expect(createPaymentBody.safeParse({ amount: 5, payment_method: 'wechat', trade_type: 'APP' }).error?.issues[0]?.message).toBe(
      '暂不支持该交易类型',
    );
    for (const t of ['native', 'H5', 'jsapi', 'WAP'])
      expect(createPaymentBody.parse({ amount: 5, payment_method: 'wechat', trade_type: t }).trade_type).toBe(t.toUpperCase());
    expect(createPaymentBody.parse({ amount: 5, payment_method: 'wechat' }).trade_type).toBe('NATIVE');
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/api/orders', '/a b', 'javascript:alert(1)'])
      expect(createPaymentBody.safeParse({ amount: 5, payment_method: 'wechat', return_path: path }).error?.issues[0]?.message, path).toBe(
        '支付完成后的返回地址不正确',
      );
    expect(createPaymentBody.parse({ amount: 5, payment_method: 'wechat', return_path: '/chat/bazi?pay=tip' }).return_path).toBe(
      '/chat/bazi?pay=tip',
    );
  });

  it('refuses a tip-list filter whose minimum is above its maximum', () => {
    expect(tipListQuery.safeParse({ min: '50', max: '5' }).error?.issues[0]?.message).toBe('最小金额不能大于最大金额');
    expect(tipListQuery.safeParse({ min: '5', max: '5' }).success).toBe(true);
  });

  it('reads tip-list amount filters into fen, allowing 0 and empty', () => {
    expect(tipListQuery.parse({ min: '0', max: '19.99' })).toMatchObject({ min: 0, max: 1999, page: 1, page_size: 10 });
    expect(tipListQuery.parse({ min: '', max: '' })).toMatchObject({ min: undefined, max: undefined });
    expect(tipListQuery.safeParse({ min: '-1' }).error?.issues[0]?.message).toBe('金额筛选条件不正确');
    expect(tipListQuery.safeParse({ userPhone: '138001380001' }).success).toBe(false);
  });
});
