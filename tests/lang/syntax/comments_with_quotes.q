% run: dump
% pins: quotes inside a comment do not start strings
x = 1 % don't "stop" here
% it's a 'comment' with a "quote
y = "a" % "b"
% expect: (= x 1)
% expect: (= y "a")
