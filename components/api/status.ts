// Campaign widget statuses (spec §4): 4 not started, 5 ongoing, 6 finished, 7 not finished.
export const STATUS_NOT_STARTED = 4;
export const STATUS_ONGOING = 5;
export const STATUS_FINISHED = 6;
export const STATUS_NOT_FINISHED = 7;
