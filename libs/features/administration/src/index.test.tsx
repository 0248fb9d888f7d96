import { describeScreens } from '@collective/nav/testing';
import { screens } from './index';

// Each screen against the route table: see describeScreens.
describeScreens('administration', screens);
