import { parseBirthPlace } from '@lingxi/bazi';
import type { BaziChartList, BaziChartSummary } from '@lingxi/shared';
import { Button, Card, List, Popconfirm, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { deleteSavedChart } from '../api/delete-saved-chart';
import { getSavedCharts } from '../api/get-saved-charts';
import { placeText, shortDateTime } from '../lib/format';

const savedPlaceText = (label: string) => {
  const place = parseBirthPlace(label);
  return place ? placeText(place) : label;
};

const PAGE_SIZE = 5;

interface SavedChartsProps {
  onOpen: (id: string) => void;
  opening: string | null;
}

/** 我的命盘: the signed-in user's recent charts (the server saves each one), to reopen or delete. */
export function SavedCharts({ onOpen, opening }: SavedChartsProps) {
  const { message } = useFeedback();
  const [records, setRecords] = useState<BaziChartSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);

  const show = (p: number, data: BaziChartList) => {
    setRecords(data.records);
    setTotal(data.total);
    setPage(p);
  };
  const failed = (error: unknown) => message.error(errorMessage(error, '加载我的命盘失败'));

  /** Another page, or the same one again after a delete; the list shows its spinner until the answer is in. */
  const load = async (p: number) => {
    setLoading(true);
    try {
      show(p, await getSavedCharts(p, PAGE_SIZE));
    } catch (error) {
      failed(error);
    } finally {
      setLoading(false);
    }
  };

  // The first page on arrival (`loading` starts true).
  const arrived = useEffectEvent((data: BaziChartList) => {
    show(1, data);
    setLoading(false);
  });
  const notArrived = useEffectEvent((error: unknown) => {
    failed(error);
    setLoading(false);
  });
  useEffect(() => {
    const controller = new AbortController();
    getSavedCharts(1, PAGE_SIZE, controller.signal).then(
      (data) => arrived(data),
      (error: unknown) => {
        if (!controller.signal.aborted) notArrived(error);
      },
    );
    return () => controller.abort();
  }, []);

  const remove = async (id: string) => {
    try {
      await deleteSavedChart(id);
      message.success('已删除');
      await load(records.length === 1 && page > 1 ? page - 1 : page);
    } catch (error) {
      message.error(errorMessage(error, '删除失败'));
    }
  };

  if (!loading && total === 0) return null;
  return (
    <Card className="bazi-card bazi-saved" title="我的命盘" size="small">
      <List<BaziChartSummary>
        loading={loading}
        dataSource={records}
        pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, size: 'small', onChange: (p) => void load(p) } : false}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="open" type="link" size="small" loading={opening === item.id} onClick={() => onOpen(item.id)}>
                查看
              </Button>,
              <Popconfirm key="delete" title="删除这个命盘？" okText="删除" cancelText="取消" onConfirm={() => remove(item.id)}>
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="删除" />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <span className="bazi-saved-title">
                  {item.name ? <span className="bazi-saved-name">{item.name}</span> : null}
                  {item.title} · {item.pillars}
                </span>
              }
              description={
                <Typography.Text type="secondary" className="bazi-saved-desc">
                  {item.hour_unknown ? `${item.birth_time.slice(0, 10)}（时辰不详）` : shortDateTime(item.birth_time)} ·{' '}
                  {savedPlaceText(item.birth_place)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
