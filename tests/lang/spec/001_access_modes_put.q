% spec: 001 "Boundary access modes in Quasar" (language notes)
% repaired: the table of modifier names written as declarations of a mat with each modifier
% run: parse
% example: put access modes
b1 : mat'safe % (default) ignore writing outside the boundaries
b2 : mat'unchecked % writing outside the boundaries = crash!
b3 : mat'checked % error when writing outside the boundaries
