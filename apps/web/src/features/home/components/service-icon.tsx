import {
  AimOutlined,
  AppstoreOutlined,
  BookOutlined,
  BulbOutlined,
  CloudOutlined,
  CompassOutlined,
  ExperimentOutlined,
  FireOutlined,
  GlobalOutlined,
  HeartOutlined,
  MessageOutlined,
  RocketOutlined,
  SafetyCertificateOutlined,
  SmileOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';

/**
 * The server names antd icons by component name. Importing the whole icon set to look names up would add
 * megabytes, so only the names the server uses are mapped; anything new falls back to a neutral icon.
 */
const ICONS: Record<string, ComponentType<{ style?: CSSProperties }>> = {
  CompassOutlined,
  StarOutlined,
  ExperimentOutlined,
  AimOutlined,
  MessageOutlined,
  HeartOutlined,
  ThunderboltOutlined,
  FireOutlined,
  CloudOutlined,
  GlobalOutlined,
  SafetyCertificateOutlined,
  SmileOutlined,
  TeamOutlined,
  RocketOutlined,
  BookOutlined,
  BulbOutlined,
};

interface ServiceIconProps {
  name: string;
  style?: CSSProperties;
}

export function ServiceIcon({ name, style }: ServiceIconProps) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon style={style} />;
}
