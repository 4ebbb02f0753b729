import type { ServiceType } from '@lingxi/shared';
import { Card, Typography } from 'antd';
import { ServiceIcon } from './service-icon';

interface PersonaCardProps {
  service: ServiceType;
  onOpen: (key: string) => void;
}

const HEX = /^#[0-9a-f]{3,8}$/i;

export function PersonaCard({ service, onOpen }: PersonaCardProps) {
  // The colour comes from the server; anything that is not a plain hex value falls back to the theme green.
  const color = HEX.test(service.color) ? service.color : '#16a34a';
  return (
    <Card
      hoverable
      className="persona-card"
      role="button"
      tabIndex={0}
      aria-label={service.title}
      onClick={() => onOpen(service.key)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(service.key);
        }
      }}
      style={{ borderTop: `3px solid ${color}` }}
    >
      <div className="persona-card-icon" style={{ color, background: `color-mix(in srgb, ${color} 12%, transparent)` }}>
        <ServiceIcon name={service.icon_name} />
      </div>
      <Typography.Title level={5} className="persona-card-title">
        {service.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="persona-card-desc">
        {service.description}
      </Typography.Paragraph>
      {/* Spec §1: basic companionship is free; a deep service shows its price here, on the service's own card. */}
      <div className="persona-card-prices">
        <span className="persona-price persona-price-free">免费</span>
        {service.deep ? (
          <span className="persona-price persona-price-deep" title={`${service.deep.title}：${service.deep.replies} 次深度回复`}>
            深度 ¥{(service.deep.price_fen / 100).toFixed(2)}
          </span>
        ) : null}
      </div>
    </Card>
  );
}
