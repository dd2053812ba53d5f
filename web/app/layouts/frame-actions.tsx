import type { ReactNode } from 'react';
import type { FramedPage } from '../../components/ui/page-frame';
import { GradesActions } from '../../features/grades/grades-actions';
import { TasksActions } from '../../features/tasks/tasks-actions';

/**
 * What a framed page shows beside its title, as the shell draws it before the page's code has arrived
 * (decision 236): the page's own component without its handlers, every button disabled, so that the
 * title and the buttons paint with the document and stay where they are when the page replaces them.
 */
export const FRAME_ACTIONS: Partial<Record<FramedPage, ReactNode>> = {
  '/tasks': <TasksActions />,
  '/grades': <GradesActions />,
};
