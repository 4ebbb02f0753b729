import {
  OFFER_INCLUDE_TEXT_MAX,
  OFFER_INCLUDES_MAX,
  OFFER_PRICE_MAX_FEN,
  OFFER_PRICE_MIN_FEN,
  OFFER_REPLIES_MAX,
  OFFER_REPLIES_MIN,
  OFFER_TITLE_MAX,
  ORDER_MSG,
} from '@lingxi/shared/rules';
import type { AdminOffer, UpdateOfferBody } from '@lingxi/shared';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { yuanToFen } from '../lib/format';

interface OfferForm {
  enabled: boolean;
  price: string;
  replies: number;
  title: string;
  includes: string;
}

interface OfferEditModalProps {
  offer: AdminOffer | null;
  onClose: () => void;
  onSave: (key: string, body: UpdateOfferBody) => Promise<boolean>;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Edits one persona's deep service: price (yuan, turned into fen), deep replies, title, what is included, on/off. */
export function OfferEditModal({ offer, onClose, onSave }: OfferEditModalProps) {
  const [form] = Form.useForm<OfferForm>();
  const [saving, setSaving] = useState(false);
  const submit = async (v: OfferForm) => {
    if (!offer) return;
    const priceFen = yuanToFen(v.price);
    if (priceFen === null) return;
    setSaving(true);
    const done = await onSave(offer.service_type, {
      enabled: v.enabled,
      price_fen: priceFen,
      replies: v.replies,
      title: v.title.trim(),
      includes: lines(v.includes),
    });
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      title={offer ? `编辑深度服务 · ${offer.persona_title}` : ''}
      open={Boolean(offer)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      {offer ? (
        <Form<OfferForm>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{
            enabled: offer.enabled,
            price: (offer.price_fen / 100).toFixed(2),
            replies: offer.replies,
            title: offer.title,
            includes: offer.includes.join('\n'),
          }}
        >
          <Form.Item name="enabled" label="开启售卖" valuePropName="checked">
            <Switch checkedChildren="开" unCheckedChildren="关" />
          </Form.Item>
          <Form.Item
            name="price"
            label="价格（元）"
            rules={[
              {
                validator: (_, v: string) => {
                  const fen = yuanToFen(String(v ?? ''));
                  return fen !== null && fen >= OFFER_PRICE_MIN_FEN && fen <= OFFER_PRICE_MAX_FEN
                    ? Promise.resolve()
                    : Promise.reject(new Error(ORDER_MSG.priceRange));
                },
              },
            ]}
          >
            <Input prefix="¥" inputMode="decimal" placeholder="9.90" />
          </Form.Item>
          <Form.Item
            name="replies"
            label="深度回复次数"
            rules={[{ required: true, type: 'integer', min: OFFER_REPLIES_MIN, max: OFFER_REPLIES_MAX, message: ORDER_MSG.repliesRange }]}
          >
            <InputNumber<number> min={OFFER_REPLIES_MIN} max={OFFER_REPLIES_MAX} precision={0} style={{ width: '100%' }} suffix="次" />
          </Form.Item>
          <Form.Item
            name="title"
            label="服务名称"
            rules={[
              { required: true, whitespace: true, message: ORDER_MSG.titleRequired },
              { max: OFFER_TITLE_MAX, message: ORDER_MSG.titleTooLong },
            ]}
          >
            <Input maxLength={OFFER_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="includes"
            label="服务内容（每行一条）"
            className="offer-includes-input"
            rules={[
              {
                validator: (_, v: string) => {
                  const l = lines(v ?? '');
                  if (l.length < 1 || l.length > OFFER_INCLUDES_MAX) return Promise.reject(new Error(ORDER_MSG.includesRange));
                  if (l.some((x) => x.length > OFFER_INCLUDE_TEXT_MAX)) return Promise.reject(new Error(ORDER_MSG.includeTooLong));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
