import { describe, expect, it } from 'vitest';
import { priceOrder } from './pricing';

const offer = { price_fen: 990, replies: 20, title: '八字深度解读', includes: ['完整命盘分析', '结构化建议'] };

describe('pricing a deep service', () => {
  it('takes the price, the replies and what is included from the offer, in integer fen', () => {
    const p = priceOrder(offer, '八字命理');
    expect(p).toEqual({
      amountFen: 990,
      replies: 20,
      title: '八字深度解读',
      includes: ['完整命盘分析', '结构化建议'],
      description: '灵犀深度服务-八字命理-八字深度解读',
    });
    // A copy: a later edit of the offer's list does not change what this order bought.
    offer.includes.push('追加');
    expect(p.includes).toHaveLength(2);
    offer.includes.pop();
  });

  it('keeps the description within WeChat Pay’s 127 bytes without cutting a character in half', () => {
    const p = priceOrder({ ...offer, title: '很长的深度服务名称'.repeat(6) }, '一位名字也很长的伙伴');
    expect(Buffer.byteLength(p.description)).toBeLessThanOrEqual(127);
    expect(p.description).not.toContain('\uFFFD');
    expect(Buffer.from(p.description).toString('utf8')).toBe(p.description);
  });

  it('refuses an offer that is not a price in fen or has no replies, rather than charging it', () => {
    expect(() => priceOrder({ ...offer, price_fen: 9.9 }, 'x')).toThrow(RangeError);
    expect(() => priceOrder({ ...offer, price_fen: 0 }, 'x')).toThrow(RangeError);
    expect(() => priceOrder({ ...offer, replies: 0 }, 'x')).toThrow(RangeError);
  });
});
