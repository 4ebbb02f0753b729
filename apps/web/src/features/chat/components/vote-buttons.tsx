import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

type Vote = 'up' | 'down' | null;

/** 👍 / 👎 on a reply (issue #16): one vote, changeable; pressing the chosen one again takes it back. */
export function VoteButtons({ vote, onVote }: { vote: Vote; onVote: (v: Vote) => void }) {
  return (
    <>
      <Tooltip title="有帮助">
        <Button
          size="small"
          type="text"
          className={vote === 'up' ? 'chat-vote is-on' : 'chat-vote'}
          icon={vote === 'up' ? <LikeFilled /> : <LikeOutlined />}
          aria-label="有帮助"
          aria-pressed={vote === 'up'}
          onClick={() => onVote(vote === 'up' ? null : 'up')}
        />
      </Tooltip>
      <Tooltip title="没帮助">
        <Button
          size="small"
          type="text"
          className={vote === 'down' ? 'chat-vote is-on' : 'chat-vote'}
          icon={vote === 'down' ? <DislikeFilled /> : <DislikeOutlined />}
          aria-label="没帮助"
          aria-pressed={vote === 'down'}
          onClick={() => onVote(vote === 'down' ? null : 'down')}
        />
      </Tooltip>
    </>
  );
}
