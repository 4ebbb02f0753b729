interface FullPageSpinnerProps {
  text?: string;
}

/**
 * The same ring as the HTML app shell in index.html, so the hand-over from shell to React does not flicker from one
 * spinner to another; plain CSS (global.css) because it stands on the first screen of every page.
 */
export function FullPageSpinner({ text }: FullPageSpinnerProps) {
  return (
    <div className="page-spinner" role="status" aria-live="polite" aria-label={text ? undefined : '加载中'}>
      <span className="page-spinner-ring" aria-hidden="true" />
      {text ? <span>{text}</span> : null}
    </div>
  );
}
