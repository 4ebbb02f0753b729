import { Button, Card, Empty, Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useServiceTypesStore } from '../stores/service-types-store';
import { PersonaCard } from './persona-card';

const SKELETON_CARDS = 6;

interface PersonaGridProps {
  onOpen: (key: string) => void;
}

export function PersonaGrid({ onOpen }: PersonaGridProps) {
  const { serviceTypes, loading, error, fetchServiceTypes } = useServiceTypesStore();

  useEffect(() => {
    void fetchServiceTypes();
  }, [fetchServiceTypes]);

  if (loading) {
    return (
      <div className="persona-grid" aria-busy="true" aria-label="正在加载AI伙伴">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Card key={i} className="persona-card">
            <Skeleton avatar={{ shape: 'square' }} active paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }

  if (error) {
    return (
      <Result
        status="warning"
        title={`加载失败：${error}`}
        extra={
          <Button type="primary" onClick={() => void fetchServiceTypes()}>
            重新加载
          </Button>
        }
      />
    );
  }

  if (serviceTypes.length === 0) return <Empty description="暂无可用的AI伙伴" />;

  return (
    <div className="persona-grid">
      {serviceTypes.map((s) => (
        <PersonaCard key={s.key} service={s} onOpen={onOpen} />
      ))}
    </div>
  );
}
