;;; eglot.el --- headless Emacs + eglot against `docref serve'  -*- lexical-binding: t -*-
;; Open a file, wait for docref's diagnostics, hover the first, apply "Fix this docstring" on it,
;; save, and wait for the re-check; write the outcome as JSON for the test to read.  The
;; server entry is the one docs/editors.md gives eglot users.
(require 'package)
(package-initialize)
(require 'eglot)
(require 'json)
(require 'python)

(defvar docref-out (getenv "DOCREF_EDITOR_OUT"))
(defvar docref-target (getenv "DOCREF_EDITOR_FILE"))
(defvar docref-root (file-name-as-directory (getenv "DOCREF_EDITOR_ROOT")))
(defvar docref-python (getenv "DOCREF_PYTHON"))
(defvar docref-published nil "The diagnostics of the last publishDiagnostics.")
(defvar docref-result nil)

;; server-initiated edits (docref.applyFix answers with workspace/applyEdit) apply without asking
(setq eglot-confirm-server-initiated-edits nil)

(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql textDocument/publishDiagnostics)) &key diagnostics &allow-other-keys)
  (setq docref-published diagnostics))

(defun docref-wait (predicate what)
  (let ((deadline (+ (float-time) 60)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (unless (funcall predicate) (error "timed out waiting for %s" what))))

(defun docref-note (key value) (push (cons key value) docref-result))

(condition-case err
    (progn
      (find-file docref-target)
      (python-mode)
      (eglot '(python-mode) (cons 'transient docref-root) 'eglot-lsp-server
             (list docref-python "-m" "docref" "serve") "python")
      (docref-wait (lambda () (> (length docref-published) 0)) "diagnostics")
      (let* ((server (eglot--current-server-or-lose))
             (diag (aref docref-published 0))
             (message (plist-get diag :message))
             (range (plist-get diag :range))
             (doc (eglot--TextDocumentIdentifier)))
        (docref-note "before" (mapcar (lambda (d) (list (cons "code" (plist-get d :code))
                                                        (cons "message" (plist-get d :message))
                                                        (cons "line" (plist-get (plist-get (plist-get d :range) :start) :line))))
                                      docref-published))
        (let ((hover (jsonrpc-request server :textDocument/hover
                                      (list :textDocument doc :position (plist-get range :start)))))
          (docref-note "hover" (plist-get (plist-get hover :contents) :value)))
        (let* ((actions (jsonrpc-request server :textDocument/codeAction
                                         (list :textDocument doc :range range
                                               :context (list :diagnostics (vector diag)))))
               (fix (seq-find (lambda (a) (equal (plist-get a :title) "Fix this docstring")) actions)))
          (docref-note "titles" (mapcar (lambda (a) (plist-get a :title)) actions))
          (unless fix (error "no 'Fix this docstring' action"))
          (cond ((plist-get fix :edit) (eglot--apply-workspace-edit (plist-get fix :edit)))
                ((plist-get fix :command)
                 (let ((command (plist-get fix :command)))
                   (eglot-execute-command server (plist-get command :command)
                                          (plist-get command :arguments))))))
        (save-buffer)
        (docref-wait (lambda () (not (seq-find (lambda (d) (equal (plist-get d :message) message))
                                               docref-published)))
                     "the re-check without the fixed finding")
        (docref-note "after" (mapcar (lambda (d) (plist-get d :message)) docref-published))
        (docref-note "fixed" message)
        (eglot-shutdown server)))
  (error (docref-note "error" (error-message-string err))))

(with-temp-file docref-out (insert (json-encode docref-result)))
(kill-emacs 0)
