import { Card, Collapse } from 'antd';
import { config } from '@/config/env';

export function ContactFaq() {
  const n = config.productName;
  return (
    <Card title="常见问题">
      <Collapse
        ghost
        items={[
          {
            key: 'start',
            label: '如何开始使用？',
            children: `使用手机号注册并登录后，在首页选择一位AI伙伴即可开始对话。也可以在首页进入八字排盘，填写出生信息查看排盘结果。`,
          },
          {
            key: 'fee',
            label: '费用如何计算？',
            children: `基础陪伴对话免费。更深入的分享为付费服务，价格会在对应服务页面展示，确认后再支付；付费服务即时生效，不支持退款。打赏完全自愿。`,
          },
          {
            key: 'quality',
            label: '服务质量如何保证？',
            children: `${n}的回复由AI模型生成，我们持续优化各位AI伙伴的设定与回答质量。AI内容仅供参考，不构成专业意见；如对回答有疑问，欢迎通过留言反馈给我们。`,
          },
          {
            key: 'safety',
            label: '数据安全吗？',
            children: `您的数据存储在中国境内，传输全程加密，我们不会出售您的个人信息。您可以随时删除对话记录或申请注销账号，详见《隐私政策》。`,
          },
        ]}
      />
    </Card>
  );
}
