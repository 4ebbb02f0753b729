/** The reward feature's public face: the dialog, its two triggers, and the two tip pages. */
export { RewardDialog, type RewardDialogProps } from './components/reward-dialog';
export { SupportUsButton } from './components/support-us-button';
export { TipButton } from './components/reward-tip-button';
export { RewardHistoryPage } from './components/reward-history-page';
export { RewardListPage } from './components/reward-list-page';
