import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import '../bazi.css';
import { useBaziStore } from '../stores/bazi-store';
import { ChartFacts } from './chart-facts';
import { ChartHeader } from './chart-header';
import { EmptyResult } from './empty-result';
import { LuckCycles } from './luck-cycles';
import { PillarsGrid } from './pillars-grid';

/** Spec §2 Bazi result (/baziresult): the chart held in the store, or a way back to the form. */
export function BaziResultPage() {
  useDocumentTitle('排盘结果');
  const navigate = useNavigate();
  const result = useBaziStore((s) => s.result);
  if (!result) return <EmptyResult />;
  return (
    <div className="page bazi-page">
      <ChartHeader chart={result} />
      <PillarsGrid pillars={result.pillars} />
      <ChartFacts chart={result} />
      <LuckCycles chart={result} />
      <Flex justify="center" className="bazi-actions">
        <Button type="primary" size="large" onClick={() => navigate(paths.baziInput)}>
          重新排盘
        </Button>
      </Flex>
    </div>
  );
}
