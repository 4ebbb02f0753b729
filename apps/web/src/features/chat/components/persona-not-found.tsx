import { Button, Result } from 'antd';

/** /chat/<unknown type>: said plainly, with the way back (issue #16). */
export function PersonaNotFound({ onHome }: { onHome: () => void }) {
  return (
    <div className="chat-not-found">
      <Result
        status="404"
        title="没有找到这个AI助手"
        subTitle="链接可能有误，或这个助手已经下线。回到首页，看看其他助手吧。"
        extra={
          <Button type="primary" onClick={onHome}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
