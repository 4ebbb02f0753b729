export { jsonResponse, testUser as user } from '@/test/fixtures';
