% [V, D] = symeig(A) gives the eigenvalues D as a vec, ascending, as Quasar does: programs
% take min(D) as the smallest eigenvalue (a noise estimator's covariance, for one).
% [[2,1],[1,2]] has eigenvalues 1 and 3, eigenvectors [1,-1]/sqrt(2) and [1,1]/sqrt(2).
[V, D] = symeig([[2, 1], [1, 2]])
print D, " ", min(D), " ", type(D)
% expect: [1,3] 1 vec
print round(abs(V) * 1000) / 1000
% expect: [[0.707,0.707],[0.707,0.707]]
print round(V[0, 0] * V[1, 0] * 1000) / 1000, " ", round(V[0, 1] * V[1, 1] * 1000) / 1000
% expect: -0.5 0.5
