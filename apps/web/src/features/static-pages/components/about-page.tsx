import { BookOutlined, BulbOutlined, CompassOutlined, HeartOutlined, SafetyCertificateOutlined, SmileOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { config } from '@/config/env';
import { StaticPage } from './static-page';

const CATEGORIES: { title: string; text: string; icon: ReactNode }[] = [
  { title: '法律咨询', text: '用通俗的语言梳理常见法律问题，帮您理清思路、了解途径。', icon: <SafetyCertificateOutlined /> },
  { title: '心理陪伴', text: '耐心倾听，陪您舒缓压力、整理情绪。', icon: <SmileOutlined /> },
  { title: '情感支持', text: '在恋爱、家庭与人际关系中给您温暖而理性的建议。', icon: <HeartOutlined /> },
  { title: '职业规划', text: '结合您的经历与兴趣，探讨求职、转行与成长方向。', icon: <CompassOutlined /> },
  { title: '学习成长', text: '制定学习计划，解答学习中的疑问，陪您持续进步。', icon: <BookOutlined /> },
  { title: '人生智慧', text: '借鉴传统文化与现代思考，陪您聊聊人生的选择。', icon: <BulbOutlined /> },
];

/** `filing`: the filing numbers (features/safety), composed in by app/routes/about. */
export function AboutPage({ filing }: { filing?: ReactNode } = {}) {
  const name = config.productName;
  return (
    <StaticPage
      title="关于我们"
      intro={
        <>
          <p>
            {name}
            是一款中文AI伙伴应用。您可以选择不同领域的AI伙伴进行多轮对话，也可以使用八字排盘工具了解传统命理文化。我们希望在您需要的时候，随时有一位懂您的伙伴。
          </p>
          <h2>我们的服务</h2>
          <ul className="about-categories">
            {CATEGORIES.map((c) => (
              <li key={c.title} className="about-category">
                <strong>
                  <span className="about-category-icon">{c.icon}</span>
                  {c.title}
                </strong>
                <p>{c.text}</p>
              </li>
            ))}
          </ul>
        </>
      }
      sections={[
        {
          heading: '费用说明',
          paragraphs: [
            '基础陪伴对话免费使用。更深入的分享与服务为付费内容，价格会在对应服务页面明确展示，确认后再支付。',
            '您也可以自愿打赏支持平台运营，打赏不影响任何功能的使用。',
          ],
        },
        {
          heading: '关于AI生成内容',
          paragraphs: [
            '平台中的对话回复由人工智能模型生成，可能存在不准确或不完整之处，仅供参考，不构成法律、医疗、心理治疗、投资等专业意见。如遇紧急或重要事项，请咨询具备资质的专业人士。命理相关内容属于传统文化娱乐，请理性看待。',
            '每条AI回复都标注“AI 生成”，并经过内容安全审核；您可以对任何一条回复进行举报。未成年人模式、防沉迷提醒和紧急联系人的说明见《服务条款》与《隐私政策》。',
          ],
        },
      ]}
    >
      {filing ? (
        <section>
          <h2>备案信息</h2>
          {filing}
        </section>
      ) : null}
    </StaticPage>
  );
}
