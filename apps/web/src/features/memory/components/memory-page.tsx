import type { MemorySettingsBody } from '@lingxi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, List, Popconfirm, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { memoryApi } from '../api/memory-api';
import { memoryQueries } from '../api/memory-queries';
import '../memory.css';
import { MemoryItemRow } from './memory-item-row';
import { SensitiveConsentModal } from './sensitive-consent-modal';

/** 我的 → 记忆 (issue #16): what 灵犀 remembers about the user, under their control. */
export function MemoryPage() {
  useDocumentTitle('我的记忆');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const list = useQuery(memoryQueries.list());
  const settings = useQuery(memoryQueries.settings());
  const [busy, setBusy] = useState(false);
  const [consentOpen, setConsentOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['memory'] });

  async function act<T>(run: () => Promise<T>, ok: string, fail: string): Promise<boolean> {
    setBusy(true);
    try {
      await run();
      message.success(ok);
      return true;
    } catch (err) {
      message.error(errorMessage(err, fail));
      return false;
    } finally {
      setBusy(false);
      void refresh();
    }
  }
  const save = (body: MemorySettingsBody, ok: string) => act(() => memoryApi.saveSettings(body), ok, '设置保存失败');

  const s = settings.data;
  const items = list.data ?? [];
  return (
    <div className="page page-narrow memory-page">
      <Typography.Title level={3}>我的记忆</Typography.Title>
      <Flex vertical gap={16}>
        <Card title="长期记忆" data-testid="memory-settings">
          <Typography.Paragraph type="secondary">
            对话结束后，灵犀会整理你提到的称呼、目标、重要的人和偏好等少量信息，让之后的回复更懂你；你也可以在对话里说「记住：……」让它立即记下。记忆只用于为你提供对话服务，你可以随时查看、修改、删除或关闭。无痕对话不会形成记忆。
          </Typography.Paragraph>
          {!s ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            <Flex vertical gap={12}>
              <label className="memory-switch">
                <span>
                  <Typography.Text strong>开启长期记忆</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">关闭后不再记住新内容，对话也不会参考已有记忆。</Typography.Text>
                </span>
                <Switch
                  checked={s.enabled}
                  loading={busy}
                  aria-label="开启长期记忆"
                  onChange={(on) => void save({ enabled: on }, on ? '已开启长期记忆' : '已关闭长期记忆')}
                />
              </label>
              <label className="memory-switch">
                <span>
                  <Typography.Text strong>心理、情感类对话的记忆</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    属于敏感个人信息，默认关闭，需要你单独同意后才会开启
                    {s.sensitive_consent_at ? `（已于 ${new Date(s.sensitive_consent_at).toLocaleDateString('zh-CN')} 同意）` : ''}。
                  </Typography.Text>
                </span>
                <Switch
                  checked={s.sensitive_enabled}
                  disabled={!s.enabled}
                  loading={busy}
                  aria-label="心理、情感类对话的记忆"
                  onChange={(on) => (on ? setConsentOpen(true) : void save({ sensitive_enabled: false }, '已关闭心理、情感类对话的记忆'))}
                />
              </label>
            </Flex>
          )}
        </Card>
        <Card
          title={`记忆列表（${items.length}/${s?.max_items ?? 50}）`}
          extra={
            items.length > 0 && (
              <Popconfirm
                title="清空全部记忆？"
                description="删除后无法恢复。"
                okText="清空"
                cancelText="取消"
                onConfirm={() => void act(memoryApi.removeAll, '已清空全部记忆', '清空失败')}
              >
                <Button danger size="small">
                  清空全部
                </Button>
              </Popconfirm>
            )
          }
        >
          {list.isLoading ? (
            <Skeleton active />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有记忆。在对话里说「记住：我喜欢被叫作小林」试试。" />
          ) : (
            <List
              dataSource={items}
              renderItem={(item) => (
                <List.Item key={item.id}>
                  <MemoryItemRow
                    item={item}
                    busy={busy}
                    onSave={(id, content) => act(() => memoryApi.edit(id, content), '已保存', '保存失败')}
                    onDelete={(id) => void act(() => memoryApi.remove(id), '已删除', '删除失败')}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Flex>
      <SensitiveConsentModal
        open={consentOpen}
        busy={busy}
        onCancel={() => setConsentOpen(false)}
        onAgree={() =>
          void save({ sensitive_enabled: true, consent: true }, '已开启心理、情感类对话的记忆').then((ok) => ok && setConsentOpen(false))
        }
      />
    </div>
  );
}
