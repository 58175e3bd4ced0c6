% spec: 004 §2.1 "Control structures" (reference manual excerpt)
% repaired: nothing
% run: parse
% The spec: "if", "endif" statements must be spread along several lines of code.
% (message text is a guess, to be aligned with the parser)
% expect error: line 7: must be on separate lines
if a==2; do_something(); endif % Not allowed!
