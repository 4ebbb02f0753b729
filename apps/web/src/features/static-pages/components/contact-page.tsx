import { Col, Row, Typography } from 'antd';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ContactFaq } from './contact-faq';
import { ContactForm } from './contact-form';
import { ContactInfoCard } from './contact-info-card';

export function ContactPage() {
  useDocumentTitle('联系我们');
  return (
    <div className="page">
      <Typography.Title level={2}>联系我们</Typography.Title>
      <Typography.Paragraph type="secondary">有任何问题或建议，欢迎随时与我们联系。</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <ContactForm />
        </Col>
        <Col xs={24} md={10}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <ContactInfoCard />
            </Col>
            <Col span={24}>
              <ContactFaq />
            </Col>
          </Row>
        </Col>
      </Row>
    </div>
  );
}
