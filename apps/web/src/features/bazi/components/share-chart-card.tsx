import type { BaziChartData } from '@lingxi/shared';
import { Checkbox, Input } from 'antd';
import { useState } from 'react';
import { ShareCardDialog, useInviteQr } from '@/lib/share-card';
import { WU_XING_COLOR, WU_XING_ORDER, wuXingOf } from '../lib/five-elements';
import { lunarText, placeText, presentPillars } from '../lib/format';
import './chart-card.css';

const LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const;
const TITLE_MAX = 16;

function Char({ char }: { char: string }) {
  const element = wuXingOf(char);
  return (
    <span className="chart-card-char" style={element ? { color: WU_XING_COLOR[element] } : undefined}>
      {char}
    </span>
  );
}

/** The picture itself: what a friend sees. No birth date or place unless `showBirth`. */
export function ChartCard({ chart, title, showBirth, qr }: { chart: BaziChartData; title: string; showBirth: boolean; qr: string | null }) {
  const total = WU_XING_ORDER.reduce((n, e) => n + (chart.wu_xing_count[e] ?? 0), 0) || 1;
  return (
    <div className="chart-card">
      <div className="chart-card-brand">灵犀 · 八字命盘</div>
      <div className="chart-card-title">{title}</div>
      <div className="chart-card-sub">
        {chart.title} · 日主 {chart.day_master.gan}（{chart.day_master.yin_yang}
        {chart.day_master.wu_xing}）
      </div>
      <div className="chart-card-pillars">
        {presentPillars(chart).map(({ key, pillar }) => (
          <div key={key} className="chart-card-pillar">
            <div className="chart-card-god">{pillar.shi_shen}</div>
            <Char char={pillar.gan} />
            <Char char={pillar.zhi} />
            <div className="chart-card-label">{LABELS[key]}</div>
            <div className="chart-card-nayin">{pillar.na_yin}</div>
          </div>
        ))}
      </div>
      {chart.hour_unknown ? <div className="chart-card-note">时辰不详，仅三柱</div> : null}
      <div className="chart-card-elements" aria-label="五行">
        {WU_XING_ORDER.map((e) => (
          <div key={e} className="chart-card-element">
            <span style={{ color: WU_XING_COLOR[e] }}>{e}</span>
            <span className="chart-card-bar">
              <span style={{ width: `${((chart.wu_xing_count[e] ?? 0) / total) * 100}%`, background: WU_XING_COLOR[e] }} />
            </span>
            <span className="chart-card-count">{chart.wu_xing_count[e] ?? 0}</span>
          </div>
        ))}
      </div>
      {showBirth ? (
        <div className="chart-card-birth">
          {chart.hour_unknown ? chart.solar_date : chart.birth_time.slice(0, 16)}（{lunarText(chart.lunar_date.text)}）·{' '}
          {placeText(chart.place)}
        </div>
      ) : null}
      <div className="chart-card-footer">
        {qr ? <img src={qr} alt="邀请二维码" className="chart-card-qr" /> : null}
        <div className="chart-card-invite">
          <div>扫码来灵犀，免费排八字</div>
          <div className="chart-card-disclaimer">传统文化参考，仅供娱乐</div>
        </div>
      </div>
    </div>
  );
}

interface ShareChartCardProps {
  open: boolean;
  onClose: () => void;
  chart: BaziChartData;
  name: string | null;
  userId: string | null;
}

/** 分享命盘卡片 (issue #15): the user picks the title and whether to show the birth data; the QR is their invitation. */
export function ShareChartCard({ open, onClose, chart, name, userId }: ShareChartCardProps) {
  const [title, setTitle] = useState(name ? `${name}的八字` : '我的八字');
  const [showBirth, setShowBirth] = useState(false);
  // Without an invitation link (an account without a phone), the code leads to the site itself.
  const qr = useInviteQr(open, userId);

  const shownTitle = title.trim() || '我的八字';
  return (
    <ShareCardDialog
      open={open}
      onClose={onClose}
      title="分享命盘卡片"
      fileName="灵犀-八字命盘.png"
      cardKey={`${shownTitle}|${showBirth}|${qr ? 'qr' : ''}|${chart.birth_time}|${chart.pillars.day.gan_zhi}`}
      card={qr ? <ChartCard chart={chart} title={shownTitle} showBirth={showBirth} qr={qr} /> : null}
      options={
        <div className="chart-card-options">
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={TITLE_MAX}
            placeholder="卡片标题"
            aria-label="卡片标题"
            allowClear
          />
          <Checkbox checked={showBirth} onChange={(e) => setShowBirth(e.target.checked)}>
            显示出生日期和地点
          </Checkbox>
        </div>
      }
    />
  );
}
