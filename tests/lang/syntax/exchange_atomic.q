% run: dump
% pins: atomic exchange a[0] <- v and compare-exchange a[0] <- (expected, new); the exchange is an expression
a[0] <- v
old = a[i] <- 5
a[0] <- (e, n)
a[0] <- -1
% expect: (<- (index a 0) v)
% expect: (= old (<- (index a i) 5))
% expect: (<- (index a 0) (tuple e n))
% expect: (<- (index a 0) (neg 1))
