// The page's own words, in the locale the server chose (`<html lang>`): English, and Korean as the examples are.

const tables = {
  en: {
    skip: 'Skip to settings', breadcrumb: 'Breadcrumb', searchLabel: 'Search settings', search: 'Search',
    modified: 'Modified', json: 'JSON', jsonTitle: 'Overrides as JSON',
    jsonNote: 'What settings dump prints: the values you changed, secure text left out.',
    close: 'Close', copy: 'Copy', download: 'Download', copied: 'Copied', downloaded: 'Downloaded',
    copyByHand: 'Selected: press Ctrl+C to copy', loading: 'Loading…',
    resetTo: 'Reset to {0}', reset: 'Reset', resetMark: 'Reset', undo: 'Undo', undoLabel: 'Undo reset: {0}',
    reveal: 'Reveal', revealLabel: 'Reveal {0}', hide: 'Hide', loadMore: 'Load more ({0} more)', moreShown: '{0} more shown',
    changedElsewhere: 'Changed elsewhere to {0}', turnedOn: '{0} turned on elsewhere', turnedOff: '{0} turned off elsewhere',
    changedTo: '{0} changed elsewhere to {1}', locked: 'Locked: {0}', disabled: 'Disabled: {0}', disabledPlain: 'Disabled',
    hidden: 'Hidden: {0}', deprecated: 'Deprecated: {0}', from: 'From {0}', lockedBy: 'Locked by {0}', setByYou: 'Set by you',
    results: '{0} for “{1}”', modifiedEverywhere: '{0} modified on every page',
    settingsCount: ['{0} setting', '{0} settings'], firstShown: 'The first {0} are shown: type more to narrow the search.', noMatch: 'No setting matches.', noneModified: 'No setting is modified.',
    noneModifiedHere: 'Nothing on this page is modified.', emptyPage: 'This page is empty.', searchTitle: 'Search',
    modifiedTitle: 'Modified settings', notFound: 'Not found', cannotLoad: 'Cannot load this page',
    noPage: '"{0}" has no page of its own.', noSetting: 'There is no setting "{0}".',
    showingModified: 'Showing modified settings only', showingAll: 'Showing all settings',
    chosen: '{0} chosen', removed: '{0} removed', resetDone: '{0} reset to {1}', itsDefault: 'its default', again: '{0} is {1} again',
    refused: 'The change was refused.', noAnswer: 'The server is not answering.',
    storeBroken: 'The store cannot be read, so nothing can be changed until it is fixed: {0}',
    documentBroken: 'The document changed on disk and does not load; the page shows the last version that did: {0}',
    stopped: 'The server stopped. Retrying…', retryNow: 'Retry now', retry: 'Retry',
    newToken: 'This page can no longer reach the server: it was started again with a new address. Open the new address that settings serve printed (http://127.0.0.1:…/?token=…).',
    connectedAgain: 'Connected to the server again', reloaded: 'The document changed on disk and was loaded again',
    history: 'History', turnedOnHere: '{0} turned on', turnedOffHere: '{0} turned off', changedHere: '{0} changed to {1}',
    undoChange: 'Undo change {0}', undid: 'Undid change {0}: {1} {2} → {3}', undidSeveral: 'Undid change {0}: {1}',
    undidNothing: 'Undid change {0}', undoRefused: 'Not undone: {0}',
    historyTitle: 'History', historyIntro: 'Every change of the store, newest first, as settings history lists them.',
    historySkip: 'Skip to the history', historyEmpty: 'The journal holds no change yet.',
    historyMore: 'The newest {0} are shown; settings history lists them all.', change: 'Change {0}',
    historyAdded: ['{0} new change in the history', '{0} new changes in the history'], cannotLoadHistory: 'Cannot load the history: {0}',
    moveUp: 'Move up', moveDown: 'Move down', edit: 'Edit', delete: 'Delete', cancel: 'Cancel', save: 'Save',
    add: 'Add…', addSubmit: 'Add', deleteQuestion: 'Delete {0}?', noElements: 'No items.', unchanged: 'Unchanged',
    newElement: 'New item of {0}', elementValue: 'New value of {0}', listAdded: 'Added {0} at {1}', listRemoved: 'Removed {0}',
    listMoved: 'Moved {0} to {1}', listChanged: 'Changed {0}', listFull: 'The list holds at most {0} items.',
    listChangedElsewhere: 'The list changed elsewhere, so nothing was changed: it now shows the new list.',
  },
  ko: {
    skip: '설정으로 건너뛰기', breadcrumb: '이동 경로', searchLabel: '설정 검색', search: '검색',
    modified: '변경됨', json: 'JSON', jsonTitle: '변경한 설정 (JSON)',
    jsonNote: 'settings dump 가 출력하는 내용: 변경한 값, 보안 텍스트는 제외.',
    close: '닫기', copy: '복사', download: '다운로드', copied: '복사했습니다', downloaded: '다운로드했습니다',
    copyByHand: '선택했습니다: Ctrl+C 로 복사하세요', loading: '불러오는 중…',
    resetTo: '{0}(으)로 재설정', reset: '재설정', resetMark: '재설정됨', undo: '실행 취소', undoLabel: '재설정 취소: {0}',
    reveal: '보기', revealLabel: '{0} 보기', hide: '숨기기', loadMore: '더 보기 ({0}개 더)', moreShown: '{0}개 더 표시',
    changedElsewhere: '다른 곳에서 {0}(으)로 바뀜', turnedOn: '다른 곳에서 {0} 켜짐', turnedOff: '다른 곳에서 {0} 꺼짐',
    changedTo: '다른 곳에서 {0}: {1}(으)로 바뀜', locked: '잠김: {0}', disabled: '사용할 수 없음: {0}', disabledPlain: '사용할 수 없음',
    hidden: '숨겨짐: {0}', deprecated: '더 이상 사용되지 않음: {0}', from: '출처: {0}', lockedBy: '잠금: {0}', setByYou: '사용자가 설정',
    results: '“{1}” 검색 결과 {0}', modifiedEverywhere: '모든 페이지에서 변경된 설정 {0}',
    settingsCount: ['{0}개', '{0}개'], firstShown: '처음 {0}개만 보입니다. 더 입력해 검색을 좁히세요.', noMatch: '일치하는 설정이 없습니다.', noneModified: '변경된 설정이 없습니다.',
    noneModifiedHere: '이 페이지에는 변경된 설정이 없습니다.', emptyPage: '이 페이지는 비어 있습니다.', searchTitle: '검색',
    modifiedTitle: '변경된 설정', notFound: '찾을 수 없음', cannotLoad: '이 페이지를 불러올 수 없습니다',
    noPage: '"{0}"에는 자체 페이지가 없습니다.', noSetting: '"{0}" 설정이 없습니다.',
    showingModified: '변경된 설정만 표시', showingAll: '모든 설정 표시',
    chosen: '{0} 선택함', removed: '{0} 선택 해제함', resetDone: '{0}: {1}(으)로 재설정함', itsDefault: '기본값', again: '{0}: 다시 {1}',
    refused: '변경이 거부되었습니다.', noAnswer: '서버가 응답하지 않습니다.',
    storeBroken: '저장 파일을 읽을 수 없어 고칠 때까지 아무것도 바꿀 수 없습니다: {0}',
    documentBroken: '문서가 디스크에서 바뀌었지만 불러올 수 없어 마지막으로 불러온 버전을 보여 줍니다: {0}',
    stopped: '서버가 멈췄습니다. 다시 연결하는 중…', retryNow: '지금 다시 시도', retry: '다시 시도',
    newToken: '서버가 새 주소로 다시 시작되어 이 페이지는 더 이상 연결할 수 없습니다. settings serve 가 출력한 새 주소(http://127.0.0.1:…/?token=…)를 여세요.',
    connectedAgain: '서버에 다시 연결되었습니다', reloaded: '문서가 디스크에서 바뀌어 다시 불러왔습니다',
    history: '기록', turnedOnHere: '{0} 켜짐', turnedOffHere: '{0} 꺼짐', changedHere: '{0}: {1}(으)로 바뀜',
    undoChange: '변경 {0} 실행 취소', undid: '변경 {0} 실행 취소: {1} {2} → {3}', undidSeveral: '변경 {0} 실행 취소: {1}',
    undidNothing: '변경 {0} 실행 취소', undoRefused: '실행 취소하지 않음: {0}',
    historyTitle: '기록', historyIntro: '저장 파일의 모든 변경, 최신순 (settings history 와 같음).',
    historySkip: '기록으로 건너뛰기', historyEmpty: '저널에 아직 변경이 없습니다.',
    historyMore: '최신 {0}개만 보입니다. settings history 는 모두 보여 줍니다.', change: '변경 {0}',
    historyAdded: ['기록에 새 변경 {0}개', '기록에 새 변경 {0}개'], cannotLoadHistory: '기록을 불러올 수 없습니다: {0}',
    moveUp: '위로 이동', moveDown: '아래로 이동', edit: '편집', delete: '삭제', cancel: '취소', save: '저장',
    add: '추가…', addSubmit: '추가', deleteQuestion: '{0}을(를) 삭제할까요?', noElements: '항목이 없습니다.', unchanged: '변경 안 함',
    newElement: '{0}의 새 항목', elementValue: '{0}의 새 값', listAdded: '{0}을(를) {1}번에 추가함', listRemoved: '{0} 삭제함',
    listMoved: '{0}을(를) {1}번으로 이동함', listChanged: '{0} 변경함', listFull: '목록에는 최대 {0}개까지 넣을 수 있습니다.',
    listChangedElsewhere: '목록이 다른 곳에서 바뀌어 아무것도 바꾸지 않았습니다. 새 목록을 표시합니다.',
  },
};

function table() {
  const language = (document.documentElement.getAttribute('lang') || 'en').toLowerCase().split('-')[0];
  return tables[language] || tables.en;
}

/** The page's text `id` in the page's language, `{0}`, `{1}` … replaced by `values` (as text). */
export function t(id, ...values) {
  let text = table()[id];
  if (text === undefined) text = tables.en[id];
  if (Array.isArray(text)) text = text[values[0] === 1 ? 0 : 1];
  return text.replace(/\{(\d)\}/g, (_, index) => String(values[Number(index)]));
}

/** Puts the page's own words into the static markup of index.html. */
export function translateMarkup() {
  const set = (selector, property, id) => {
    const element = document.querySelector(selector);
    if (!element) return;
    if (property === 'text') element.textContent = t(id);
    else element.setAttribute(property, t(id));
  };
  set('.skip', 'text', 'skip');
  set('.crumbs', 'aria-label', 'breadcrumb');
  set('.search .visually-hidden', 'text', 'searchLabel');
  set('#search', 'placeholder', 'search');
  set('#modified', 'text', 'modified');
  set('#json', 'text', 'json');
  set('#json-title', 'text', 'jsonTitle');
  set('.dialog-note', 'text', 'jsonNote');
  set('#json-close', 'text', 'close');
  set('#json-copy', 'text', 'copy');
  set('#json-download', 'text', 'download');
  set('#history', 'text', 'history');
  set('.history-skip', 'text', 'historySkip');
  set('#history-title', 'text', 'historyTitle');
  set('#history-crumb', 'text', 'history');
  set('#history-intro', 'text', 'historyIntro');
}
