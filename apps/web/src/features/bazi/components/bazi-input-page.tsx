import { BAZI_MESSAGES } from '@lingxi/shared/rules';
import type { BaziRequest } from '@lingxi/shared';
import { HeartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { baziResultHref, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import '../bazi.css';
import { calculateChart } from '../api/calculate-chart';
import { getSavedChart } from '../api/get-saved-chart';
import { useBaziStore } from '../stores/bazi-store';
import { BaziForm } from './bazi-form';
import { SavedCharts } from './saved-charts';

/** Spec §2 Bazi input (/baziinput): on success the chart goes to the store and the user to /baziresult. */
export function BaziInputPage() {
  useDocumentTitle('八字排盘');
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { loading, error, setLoading, setError, setResult } = useBaziStore();
  const [opening, setOpening] = useState<string | null>(null);
  // An error belongs to the attempt that caused it, not to the next visit of the form.
  useEffect(() => () => setError(null), [setError]);

  const submit = async (request: BaziRequest) => {
    setLoading(true);
    setError(null);
    try {
      const { chart, chartId } = await calculateChart(request);
      setResult(chart, chartId ? { id: chartId, name: request.name?.trim() || null, input: request } : null);
      // The address names the saved chart, so a refresh or the back button finds it again (issue #15).
      navigate(chartId ? baziResultHref(chartId) : paths.baziResult);
    } catch (err) {
      const text = errorMessage(err, BAZI_MESSAGES.failed);
      setError(text);
      message.error(text);
    } finally {
      setLoading(false);
    }
  };

  const open = async (id: string) => {
    setOpening(id);
    try {
      const saved = await getSavedChart(id);
      setResult(saved.result, { id: saved.id, name: saved.name, input: saved.input });
      navigate(baziResultHref(saved.id));
    } catch (err) {
      message.error(errorMessage(err, '打开命盘失败，请重试'));
    } finally {
      setOpening(null);
    }
  };

  return (
    <div className="page bazi-page bazi-page-input">
      <Card className="bazi-card">
        <Typography.Title level={3} className="bazi-page-title">
          八字排盘
        </Typography.Title>
        <Typography.Paragraph type="secondary">填写出生信息，按节气精确排出四柱、藏干、纳音与大运流年。</Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} className="bazi-error" /> : null}
        <BaziForm loading={loading} onSubmit={submit} />
      </Card>
      <Card className="bazi-card bazi-hehun-entry" size="small">
        <Button type="link" icon={<HeartOutlined />} onClick={() => navigate(paths.baziPairing)} className="bazi-hehun-link">
          八字合婚
        </Button>
        <Typography.Text type="secondary" className="bazi-hehun-note">
          选两个已保存的命盘，看年支日支合冲、五行生克与桃花红鸾
        </Typography.Text>
      </Card>
      <SavedCharts onOpen={open} opening={opening} />
    </div>
  );
}
