import { CompassOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';

/** /chat/<unknown type>: said plainly, with the way back, in the green theme (antd's 404 picture is blue) (issue #16). */
export function PersonaNotFound({ onHome }: { onHome: () => void }) {
  return (
    <div className="chat-not-found">
      <Result
        icon={<CompassOutlined className="chat-not-found-icon" />}
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
