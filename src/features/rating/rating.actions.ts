import { actions } from 'astro:actions';

// The feature's one door to its actions: the rating page posts to this one and reads its result.

export const ratingSubmit = actions.rating.submit;
