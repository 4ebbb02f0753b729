import { HeartOutlined, MessageOutlined } from '@ant-design/icons';
import type { BaziChartSummary, BaziPairing } from '@lingxi/shared';
import { Alert, Button, Card, Checkbox, Empty, Form, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { groundedChatHref, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import '../bazi.css';
import { createGroundedChat } from '../api/create-grounded-chat';
import { createPairing } from '../api/create-pairing';
import { getPairing } from '../api/get-pairing';
import { getSavedCharts } from '../api/get-saved-charts';
import { PairingFacts } from './pairing-facts';
import './pairing.css';

const label = (c: BaziChartSummary) => `${c.name ? `${c.name} · ` : ''}${c.title} · ${c.pillars} · ${c.birth_time.slice(0, 10)}`;

/**
 * 八字合婚 (issue #15): two saved charts, the partner's consent ticked, and the facts the classical methods look at —
 * no score. The pairing's id stays in the address; the 姻缘情感 persona can be asked to explain it.
 */
export function PairingPage() {
  useDocumentTitle('八字合婚');
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [params, setParams] = useSearchParams();
  const pairingId = params.get('id');
  const [charts, setCharts] = useState<BaziChartSummary[] | null>(null);
  const [a, setA] = useState<string | undefined>();
  const [b, setB] = useState<string | undefined>();
  const [consent, setConsent] = useState(false);
  const [pairing, setPairing] = useState<BaziPairing | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getSavedCharts(1, 50, controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setCharts(list.records);
        const self = list.records.find((c) => c.name === '我') ?? list.records[0];
        setA((v) => v ?? self?.id);
      },
      (err: unknown) => !controller.signal.aborted && message.error(errorMessage(err, '加载我的命盘失败')),
    );
    return () => controller.abort();
  }, [message]);

  useEffect(() => {
    if (!pairingId || pairing?.id === pairingId) return;
    const controller = new AbortController();
    getPairing(pairingId, controller.signal).then(
      (p) => !controller.signal.aborted && setPairing(p),
      (err: unknown) => !controller.signal.aborted && message.error(errorMessage(err, '加载合婚记录失败')),
    );
    return () => controller.abort();
  }, [pairingId, pairing?.id, message]);

  const submit = async () => {
    if (!a || !b) return;
    setBusy(true);
    try {
      const p = await createPairing(a, b, consent);
      setPairing(p);
      setParams({ id: p.id });
    } catch (err) {
      message.error(errorMessage(err, '合婚失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  const askLove = async () => {
    if (!pairing) return;
    setAsking(true);
    const question = '请根据我们的合婚信息，聊聊我们的相处';
    try {
      const session = await createGroundedChat('love', { kind: 'pairing', pairing_id: pairing.id }, question);
      navigate(groundedChatHref('love', session, question));
    } catch (err) {
      message.error(errorMessage(err, '打开AI解读失败，请重试'));
      setAsking(false);
    }
  };

  const options = (charts ?? []).map((c) => ({ value: c.id, label: label(c) }));
  return (
    <div className="page bazi-page bazi-pairing-page">
      <Card className="bazi-card">
        <Typography.Title level={3} className="bazi-page-title">
          <HeartOutlined /> 八字合婚
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          从“我的命盘”中选两个人，看年支、日支的合冲刑害，日主五行生克，年命纳音，以及彼此的桃花、红鸾、天喜。只列传统合婚所看的事实，不打分。
        </Typography.Paragraph>
        {charts === null ? (
          <Spin />
        ) : charts.length < 2 ? (
          <Empty description="需要至少两个已保存的命盘：请先分别为双方排盘（可在排盘时给命盘起名，如“我”“小雨”）">
            <Button type="primary" onClick={() => navigate(paths.baziInput)}>
              去排盘
            </Button>
          </Empty>
        ) : (
          <Form layout="vertical" onFinish={() => void submit()} className="bazi-pairing-form">
            <Form.Item label="甲方">
              <Select
                value={a}
                onChange={setA}
                options={options}
                placeholder="选择命盘"
                aria-label="甲方"
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
            <Form.Item label="乙方">
              <Select
                value={b}
                onChange={setB}
                options={options.filter((o) => o.value !== a)}
                placeholder="选择命盘"
                aria-label="乙方"
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
            <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} className="bazi-consent">
              我已征得对方同意，使用其出生信息进行合婚分析
            </Checkbox>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={busy}
              disabled={!a || !b || !consent}
              className="bazi-submit"
            >
              查看合婚
            </Button>
          </Form>
        )}
      </Card>
      {pairing ? (
        <>
          <PairingFacts pairing={pairing} />
          <Alert type="info" showIcon title="以上是传统合婚所看的事实，仅供文化参考；两个人相处得好不好，取决于彼此的沟通与经营。" />
          <Button
            type="primary"
            icon={<MessageOutlined />}
            size="large"
            block
            loading={asking}
            onClick={() => void askLove()}
            className="bazi-ask-love"
          >
            请姻缘情感顾问解读
          </Button>
        </>
      ) : null}
    </div>
  );
}
