import { WU_XING_CLASS, wuXingOf } from '../lib/five-elements';

interface GanZhiCharProps {
  char: string;
  size?: 'lg' | 'md' | 'sm';
}

/** One stem or branch in its element's colour; the element is also named for screen readers and colour-blind users. */
export function GanZhiChar({ char, size = 'md' }: GanZhiCharProps) {
  const element = wuXingOf(char);
  return (
    <span
      className={`bazi-char bazi-char-${size}${element ? ` wx-${WU_XING_CLASS[element]}` : ''}`}
      title={element ? `${char}（${element}）` : undefined}
    >
      {char}
    </span>
  );
}

/** A gan-zhi pair such as 甲子, each character coloured by its own element. */
export function GanZhiText({ ganZhi, size = 'md' }: { ganZhi: string; size?: GanZhiCharProps['size'] }) {
  return (
    <span className="bazi-ganzhi">
      {[...ganZhi].map((c, i) => (
        <GanZhiChar key={i} char={c} size={size} />
      ))}
    </span>
  );
}
