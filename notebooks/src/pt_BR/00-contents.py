# %% [markdown]
# # Aprenda Carnegie, passo a passo
#
# Estes tutoriais ensinam as regras do jogo de tabuleiro *Carnegie* em partidas de verdade, jogadas pelo
# motor de regras `carnegie_lab`. Cada um pega uma parte das regras, joga essa parte na sua frente um
# passo de cada vez (clique em **Avançar**) e termina com um pequeno exercício que o motor confere. Leia
# na ordem: cada um se apoia nos anteriores.
#
# **Em português:**
#
# - [1 · Os componentes e a preparação](01-components-and-setup.ipynb) — o que há na mesa e como uma
#   partida começa
# - [2 · A Companhia, os Empregados e Recursos Humanos](02-company-and-employees.ipynb) — Departamentos,
#   Postos de Trabalho, Empregados de pé e deitados, movimentos
# - [3 · A rodada, a Linha do Tempo e os eventos](03-round-and-timeline.ipynb) — as quatro partes de uma
#   rodada, Missões e receita, o fim de uma linha da Linha do Tempo
# - [4 · Gerência e novos Departamentos](04-management-and-departments.ipynb) — Gerência: dinheiro, bens,
#   Missões e a construção de peças de Departamento
# - [5 · Construção, o mapa e as Missões](05-construction-and-the-map.ipynb) — projetos nas cidades, espaços
#   de construção, bens, cidades pequenas
# - [6 · P&D, Tabelas de Projetos e trilhas de transporte](06-research-tabs-and-tracks.ipynb) — pontos de
#   estudo, novos projetos, níveis de transporte e a sua receita
# - [7 · Doações](07-donations.ipynb) — a tabela de doações, os preços crescentes e o que as Doações pontuam
# - [8 · O fim da partida e a pontuação](08-end-of-game-and-scoring.ipynb) — todas as formas de pontuar, e
#   as conexões entre cidades grandes com o networkx
# - [9 · O jogo solo contra Andrew Carnegie](09-solo-against-andrew.ipynb) — o baralho de cartas de Andrew,
#   os turnos dele e como ele pontua
# - [10 · Explorando posições](10-exploring-positions.ipynb) — registros, ações legais, hipóteses em cópias,
#   robôs
# - [11 · Jogando bem](11-playing-well.ipynb) — o que a análise diz sobre decisões de verdade: a escolha da
#   Linha do Tempo, as Doações, as conexões, a próxima carta de Andrew, o robô difícil
#
# Rode um tutorial do começo (*Run → Run All Cells* no JupyterLab), ou abra no Voilà para ver só o texto
# e os widgets. Nada aqui exige o manual; quando os textos das regras deixam um ponto em aberto, a
# escolha do motor está escrita em `docs/rules-decisions.md` (em inglês).
#
# Quando terminar, jogue uma partida inteira contra bots ou contra Andrew Carnegie no aplicativo
# ([app.ipynb](../app.ipynb), ou `make app`). [The contents in English](../00-contents.ipynb).

# %% [markdown]
# ## As regras num relance
#
# Cada regra dos tutoriais em português e o passo que a joga na sua frente (abra o tutorial e clique em
# **Avançar** até esse passo). As outras regras estão no [índice em inglês](../00-contents.ipynb).
#
# **Preparação**
#
# - Discos neutros bloqueiam alguns espaços de construção e de doação com dois ou três jogadores:
#   [1 · passo 1 "Discos neutros cinza"](01-components-and-setup.ipynb)
# - Quatro Linhas do Tempo, uma por ação, cada espaço com um evento:
#   [1 · passo 2 "A Linha do Tempo"](01-components-and-setup.ipynb)
# - As casas iniciais, no sentido anti-horário a partir da direita do Primeiro Jogador:
#   [1 · passo 4 "Bo posiciona uma casa"](01-components-and-setup.ipynb)
# - O Departamento reservado:
#   [1 · passo 5 "Bo reserva um Departamento"](01-components-and-setup.ipynb)
# - Movimentos iniciais: até seis, um espaço para cima, para baixo, para a esquerda ou para a direita:
#   [1 · passo 9 "Seis movimentos iniciais"](01-components-and-setup.ipynb)
# - Pôr um Empregado de pé custa o preço do seu Posto de Trabalho:
#   [1 · passo 10 "Ficar de pé custa dinheiro"](01-components-and-setup.ipynb)
#
# **Uma rodada**
#
# - O Primeiro Jogador escolhe a linha; todos usam a ação dela:
#   [3 · passo 1 "1. Escolher: Gerência"](03-round-and-timeline.ipynb)
# - O evento do espaço depois do Marcador de Ação da linha:
#   [3 · passo 2 "2. O evento"](03-round-and-timeline.ipynb)
# - Uma Missão de Comércio e Finanças por \$6:
#   [3 · passo 3 "3. O turno de Ada: uma Missão"](03-round-and-timeline.ipynb)
# - O marcador anda no fim da rodada; o próximo jogador vira o Primeiro Jogador:
#   [3 · passo 4 "4. O fim da rodada"](03-round-and-timeline.ipynb)
# - Receber Receita: os Empregados voltam, a receita de transporte e a dos projetos uma vez:
#   [3 · passo 6 "Ada recebe a receita"](03-round-and-timeline.ipynb)
# - Uma linha cheia: o evento e o marcador vêm da próxima linha abaixo:
#   [3 · passo 8 "A linha está cheia"](03-round-and-timeline.ipynb)
#
# **Empregados e Recursos Humanos**
#
# - Recursos Humanos: 3 movimentos por Empregado de pé, incluindo o permanente:
#   [2 · passo 2 "Seis movimentos"](02-company-and-employees.ipynb)
# - Um Empregado de pé que se move se deita:
#   [2 · passo 3 "Mover deita o Empregado"](02-company-and-employees.ipynb)
# - Empregados deitados podem esperar em espaços vazios:
#   [2 · passo 4 "Esperando num espaço vazio"](02-company-and-employees.ipynb)
# - Movimentos não usados se perdem:
#   [2 · passo 6 "Pronto"](02-company-and-employees.ipynb)
# - Ficar de pé no fim do turno, no Posto de Trabalho livre mais barato:
#   [2 · passo 7 "Ficar de pé custa dinheiro"](02-company-and-employees.ipynb)
#
# **Gerência**
#
# - Comércio e Finanças: \$3 ou um bem por Empregado de pé:
#   [4 · passo 2 "O Comércio e Finanças de Bo"](04-management-and-departments.ipynb)
# - A peça reservada é construída primeiro; uma peça custa 2 bens num espaço vazio:
#   [4 · passo 3 "Bo constrói o Departamento reservado"](04-management-and-departments.ipynb)
# - ... e 1 bem num espaço onde há um Empregado deitado:
#   [4 · passo 6 "Um espaço mais barato"](04-management-and-departments.ipynb)
#
# **Construção**
#
# - Você só constrói os projetos que esperam nas suas Tabelas de Projetos:
#   [5 · passo 2 "Projetos esperando nas tabelas"](05-construction-and-the-map.ipynb)
# - Uma Missão para a região da cidade, os bens, e algumas cidades pequenas pagam receita de transporte:
#   [5 · passo 3 "Uma cidade pequena: Cincinnati"](05-construction-and-the-map.ipynb)
# - O espaço livre mais à esquerda do tipo do projeto:
#   [5 · passo 4 "Uma cidade grande: Chicago"](05-construction-and-the-map.ipynb)
#
# **Pesquisa e Desenvolvimento**
#
# - 2 pontos de estudo por Empregado de pé:
#   [6 · passo 2 "Quatro pontos de estudo"](06-research-tabs-and-tracks.ipynb)
# - O próximo espaço de uma Tabela de Projetos: um novo projeto para construir:
#   [6 · passo 3 "Um novo projeto de Comércio"](06-research-tabs-and-tracks.ipynb)
# - O próximo espaço de uma trilha de transporte: mais receita por Empregado que volta:
#   [6 · passo 4 "Diligência no Centro-Oeste"](06-research-tabs-and-tracks.ipynb)
#
# **Doações**
#
# - Uma Doação por evento de doação, num espaço livre:
#   [7 · passo 2 "A primeira Doação de Ada"](07-donations.ipynb)
# - Cada Doação custa \$5 a mais que a anterior; quem não pode pagar é pulado:
#   [7 · passo 7 "A segunda Doação custa mais"](07-donations.ipynb)
#
# **O fim da partida**
#
# - A pontuação final e os vencedores (sem critério de desempate):
#   [8 · passo 2 "A pontuação final"](08-end-of-game-and-scoring.ipynb)
# - Conexões entre cidades grandes:
#   [8 · passo 3 "Conexões"](08-end-of-game-and-scoring.ipynb)
# - Discos no mapa, Tabelas de Projetos, Departamentos, Empregados, Doações:
#   [8 · passo 4 "Discos no mapa"](08-end-of-game-and-scoring.ipynb) a
#   [8 · passo 7 "Doações"](08-end-of-game-and-scoring.ipynb)
#
# **Solo contra Andrew Carnegie**
#
# - Você escolhe a linha nas rodadas ímpares, a carta de Andrew nas rodadas pares:
#   [9 · passo 2 "Ada constrói"](09-solo-against-andrew.ipynb)
# - A carta de Andrew desliza em Recursos Humanos e quando ele não consegue agir:
#   [9 · passo 5 "Rodada 3: Recursos Humanos"](09-solo-against-andrew.ipynb)
# - A carta de PV sob a carta dele no fim da rodada:
#   [9 · passo 6 "Os pontos de Andrew"](09-solo-against-andrew.ipynb)
