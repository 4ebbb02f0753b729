import { EditOutlined, HeartOutlined, MessageOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { BaziChartPatch, ChatGrounding } from '@lingxi/shared';
import { Alert, Button, Flex, Result, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { groundedChatHref, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import '../bazi.css';
import { createGroundedChat } from '../api/create-grounded-chat';
import { updateSavedChart } from '../api/update-saved-chart';
import { useResultChart } from '../hooks/use-result-chart';
import { useBaziStore } from '../stores/bazi-store';
import { ChartFacts } from './chart-facts';
import { ChartHeader } from './chart-header';
import { ChartOptionsBar } from './chart-options-bar';
import { ChartWarnings } from './chart-warnings';
import { EmptyResult } from './empty-result';
import { LuckCycles } from './luck-cycles';
import { PillarsGrid } from './pillars-grid';
import { ProChart } from './pro-chart';
import { RenameChart } from './rename-chart';
import { ShareChartCard } from './share-chart-card';
import { Timeline } from './timeline';

const TABS = ['basic', 'pro', 'timeline'] as const;
type Tab = (typeof TABS)[number];

/**
 * Spec §2 Bazi result (/baziresult?id=…): the chart the address names, in three views — 基本排盘, 专业细盘 and
 * 流年流月 (issue #15) — with one tap to an AI reading grounded in it, a share card, and 合婚.
 */
export function BaziResultPage({ userId = null }: { userId?: string | null }) {
  useDocumentTitle('排盘结果');
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [params, setParams] = useSearchParams();
  const { status, error, reload } = useResultChart();
  const result = useBaziStore((s) => s.result);
  const saved = useBaziStore((s) => s.saved);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'basic';

  if (status === 'loading') return <Spin className="bazi-page-spin" tip="正在加载命盘…" fullscreen={false} />;
  if (status === 'empty' || !result) {
    if (status === 'missing') {
      return (
        <Result status="warning" title="命盘不存在或已删除" extra={<Button onClick={() => navigate(paths.baziInput)}>去排盘</Button>} />
      );
    }
    if (status === 'failed') {
      return <Result status="error" title={error ?? '加载命盘失败'} extra={<Button onClick={reload}>重试</Button>} />;
    }
    return <EmptyResult />;
  }

  const patch = async (p: BaziChartPatch) => {
    if (!saved) return;
    setBusy(true);
    try {
      const next = await updateSavedChart(saved.id, p);
      useBaziStore.getState().setResult(next.result, { id: next.id, name: next.name, input: next.input });
      message.success(p.name !== undefined ? '已重命名' : '已按新规则重新排盘');
    } catch (err) {
      message.error(errorMessage(err, '修改失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  /** "让AI解读": a session grounded in this chart (or a year or month of it), opened in the 八字 persona. */
  const ask = async (grounding: { year?: number; month?: number }, question: string) => {
    if (!saved) return;
    setAsking(true);
    try {
      const g: ChatGrounding = { kind: 'chart', chart_id: saved.id, ...grounding };
      const session = await createGroundedChat('bazi', g, question);
      navigate(groundedChatHref('bazi', session, question));
    } catch (err) {
      message.error(errorMessage(err, '打开AI解读失败，请重试'));
      setAsking(false);
    }
  };

  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <div className="page bazi-page">
      <ChartHeader
        chart={result}
        name={saved?.name}
        extra={
          saved ? (
            <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setRenaming(true)} aria-label="命名">
              {saved.name ? '' : '命名'}
            </Button>
          ) : null
        }
      />
      <ChartWarnings chart={result} />
      <Flex wrap gap={8} className="bazi-actions-top">
        <Button type="primary" icon={<MessageOutlined />} loading={asking} disabled={!saved} onClick={() => ask({}, '请帮我解读这个命盘')}>
          让AI解读此命盘
        </Button>
        <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
          分享卡片
        </Button>
        <Button icon={<HeartOutlined />} onClick={() => navigate(paths.baziPairing)}>
          八字合婚
        </Button>
      </Flex>
      {!saved ? (
        <Alert type="info" showIcon title="这个命盘没有保存到“我的命盘”，AI解读、规则切换和流年流月需要先保存，请重新排盘。" />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        className="bazi-tabs"
        items={[
          {
            key: 'basic',
            label: '基本排盘',
            children: (
              <>
                <PillarsGrid chart={result} />
                <ChartFacts chart={result} />
                <LuckCycles chart={result} />
              </>
            ),
          },
          { key: 'pro', label: '专业细盘', children: <ProChart chart={result} /> },
          {
            key: 'timeline',
            label: '流年流月',
            children: saved ? (
              <Timeline chartId={saved.id} chart={result} onAsk={(g, q) => void ask(g, q)} asking={asking} />
            ) : (
              <Alert type="info" title="保存后的命盘才能查看流年流月" />
            ),
          },
        ]}
      />
      <ChartOptionsBar chart={result} busy={busy} onChange={saved ? (p) => void patch(p) : undefined} />
      <Flex justify="center" className="bazi-actions">
        <Button type="primary" size="large" onClick={() => navigate(paths.baziInput)}>
          重新排盘
        </Button>
      </Flex>
      <ShareChartCard open={sharing} onClose={() => setSharing(false)} chart={result} name={saved?.name ?? null} userId={userId} />
      {saved ? (
        <RenameChart
          open={renaming}
          name={saved.name}
          busy={busy}
          onClose={() => setRenaming(false)}
          onSave={(name) => void patch({ name }).then(() => setRenaming(false))}
        />
      ) : null}
    </div>
  );
}
