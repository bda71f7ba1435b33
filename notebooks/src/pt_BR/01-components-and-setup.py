# %% [markdown]
# # 1 · Os componentes e a preparação
#
# Boas-vindas! Nestes tutoriais você aprende o jogo de tabuleiro *Carnegie* vendo as regras acontecerem
# numa partida de verdade. O motor de regras `carnegie_lab` joga cada ação, então o que você vê é sempre
# o que as regras dizem. Cada tutorial mostra uma parte do jogo passo a passo e termina com um pequeno
# exercício.
#
# ## O jogo em poucas palavras
#
# Cada jogador dirige uma companhia nos Estados Unidos do fim do século XIX. Ao longo de **20 rodadas**
# você treina Empregados, abre novos Departamentos, constrói projetos em cidades de todo o mapa, melhora
# o transporte e faz Doações a boas causas. Quase tudo rende Pontos de Vitória (PV); depois da rodada 20,
# quem tiver mais PV vence.
#
# A grande sacada: em cada rodada **um** jogador escolhe a ação — Recursos Humanos, Gerência,
# Construção ou Pesquisa e Desenvolvimento — e então **todos** os jogadores usam essa mesma ação na
# própria companhia. Escolher uma ação que ajude você mais do que aos rivais é o coração do jogo.

# %%
from IPython.display import HTML

import carnegie_lab as cl
from carnegie_lab.tutor import Numbers, loss
from carnegie_lab.tutor.exercise import Exercise
from carnegie_lab.tutor.script import Step
from carnegie_lab.tutor.stepper import Stepper

LANG = "pt_BR"

# %%
game = cl.new_game(["Ada", "Bo"], seed=7)
HTML(cl.views.game_html(game, lang=LANG))

# %% [markdown]
# Esta é uma partida nova para dois jogadores, Ada e Bo. O `seed` fixa todas as partes aleatórias da
# preparação, então você vê exatamente a mesma partida que qualquer outra pessoa que rodar este
# tutorial. O resumo mostra o que cada jogador tem e, em *agora*, de quem é a decisão.
#
# ## O que há na mesa
#
# - **O mapa**: o país em quatro regiões (Oeste, Centro-Oeste, Sul e Leste), com 32 cidades ligadas por
#   estradas. As cidades pequenas têm um espaço de construção que aceita qualquer projeto; as médias
#   têm três espaços e as grandes cinco, cada um para um tipo de projeto: **H**abitação, **C**omércio,
#   **I**ndústria ou Infraestrutura **P**ública. As quatro cidades grandes são San Francisco, Chicago,
#   New Orleans e New York.
# - **A sua Companhia**: uma grade de 4 × 4 espaços. Ela começa com o lobby e cinco Departamentos; os
#   outros dez espaços esperam os novos Departamentos que você vai construir.
# - **Empregados**: 15 para cada um. Cinco ficam de pé nos seus Departamentos, cinco deitados no lobby e
#   cinco esperam no seu estoque pessoal até serem recrutados.
# - **Discos**: 30 para cada um. Eles marcam a sua posição nas trilhas de transporte e na pontuação, e
#   viram os seus projetos no mapa e as suas Doações.
# - **Quatro trilhas de transporte**, uma por região, e **quatro Tabelas de Projetos** por jogador (uma
#   por tipo de projeto): a Pesquisa e Desenvolvimento faz elas avançarem.
# - **As Linhas do Tempo**: quatro linhas, uma por ação. Elas definem o evento de cada rodada e contam
#   as 20 rodadas.
# - **A tabela de doações**: 20 boas causas que rendem PV no final da partida.
# - **Discos neutros**: com dois ou três jogadores, discos cinza bloqueiam alguns espaços e doações,
#   para que o tabuleiro fique tão disputado quanto com quatro.
#
# O motor lê tudo isso dos dados dos componentes, `game.components`:

# %%
C = game.components
majors = [city.name for city in C.cities.values() if city.size == "major"]
print(len(C.cities), "cidades e", len(C.routes), "estradas; as cidades grandes são", ", ".join(majors))
print(C.constants.rounds, "rodadas;", C.constants.employees_total, "Empregados e", C.constants.discs_total,
      "discos por jogador;", len(C.donations), "espaços de doação")
print("dinheiro e bens iniciais:", C.constants.start_money, "e", C.constants.start_goods)

# %% [markdown]
# ## A preparação, passo a passo
#
# Parte da preparação é aleatória: o motor já embaralhou as Linhas do Tempo, tirou Departamentos (com
# dois jogadores só metade deles é usada) e posicionou os discos neutros. Depois os jogadores fazem três
# tipos de escolha, que o passo a passo abaixo joga por Ada e Bo.
#
# **Como usar o passo a passo.** Clique em **Avançar** para jogar o próximo passo e leia o que aconteceu.
# Anéis cor-de-rosa na figura mostram o que o passo mudou. **Voltar** volta um passo. Os botões acima da
# figura trocam para outra vista da mesma posição (o mapa, uma Companhia, as trilhas, a Linha do
# Tempo...). Abra *Tente sua própria ação* para jogar qualquer outra coisa a partir da posição mostrada:
# a jogada é feita numa cópia, então nada se estraga, e *Voltar ao roteiro* traz você de volta.

# %%
def neutral_discs(g):
    """Todos os discos neutros: no mapa e na tabela de doações (no início, ninguém mais está lá)."""
    return len(g.sites_of("neutral")) + len(C.donations) - len(g.free_donations())


def standing(g, seat):
    return sum(g.standing(seat, cell) for cell in C.company.cells)


tour = Stepper(game, [
    Step("Discos neutros cinza",
         "Com dois jogadores, 18 discos neutros foram posicionados ao acaso: alguns em espaços de "
         "construção (com anéis no mapa) e o resto na tabela de doações. Eles não são de ninguém: só "
         "deixam esses lugares indisponíveis durante a partida inteira.",
         view="map", highlight=set(game.sites_of("neutral")),
         expect=Numbers({18: neutral_discs, 2: lambda g: len(g.players)})),
    Step("A Linha do Tempo",
         "Quatro linhas, uma por ação: **HR** (Recursos Humanos), **MG** (Gerência), **CO** "
         "(Construção) e **RD** (Pesquisa e Desenvolvimento). Cada linha tem um espaço inicial, quatro "
         "espaços sorteados e o Fim. Cada espaço mostra um *evento*: Receber Receita numa região ($) ou "
         "Fazer uma Doação (♥). Os Marcadores de Ação pretos estão todos no espaço inicial. O tutorial 3 "
         "explica como eles andam.",
         view="timeline", highlight={"HR/0", "MG/0", "CO/0", "RD/0"},
         expect=Numbers({4: lambda g: len(C.timeline.rows)})),
    Step("Trilhas e tabelas",
         "Cada jogador tem um disco no primeiro espaço da trilha de transporte de cada região, e cada "
         "Tabela de Projetos mostra só o primeiro espaço. Um disco espera nas tabelas de Habitação, "
         "Comércio e Indústria: são os projetos que você já pode construir.",
         view="tracks", highlight={"track/west/0", "track/midwest/0", "track/south/0", "track/east/0"}),
    Step("Bo posiciona uma casa",
         "Antes do começo, cada jogador põe um projeto de Habitação no mapa, numa cidade média ou grande. "
         "A ordem segue no sentido anti-horário a partir do jogador à direita do Primeiro Jogador: com "
         "dois jogadores, Bo (o segundo jogador) começa. Bo escolhe Pittsburgh.",
         ["house pittsburgh"], view="map"),
    Step("Bo reserva um Departamento",
         "Em seguida, Bo pega um dos Departamentos em jogo e o guarda de lado: será o primeiro "
         "Departamento que Bo vai construir. Bo reserva o **Projeto Avançado**, um Departamento de pesquisa.",
         ["reserve design"], view="company", player=1),
    Step("Ada posiciona a casa dela",
         "Agora é a vez de Ada. Ela põe a casa em Chicago, uma cidade grande do Centro-Oeste.",
         ["house chicago"], view="map"),
    Step("Ada reserva um Departamento",
         "Ada reserva o **Recrutamento**, um Departamento de Recursos Humanos que traz novos Empregados.",
         ["reserve recruiting"], view="company", player=0),
    Step("A Companhia de Ada",
         "Esta é a Companhia de Ada. A fileira de baixo tem Recursos Humanos (a1), o lobby (b1), "
         "Construção (c1) e Pesquisa e Desenvolvimento (d1); acima delas estão os seus dois "
         "Departamentos de Gerência, Comércio e Finanças (b2) e Planejamento Estratégico (c2). Um círculo "
         "cheio é um Empregado **de pé** num Posto de Trabalho: um Empregado ativo. As barrinhas no lobby "
         "são cinco Empregados **deitados**: eles ainda não trabalham. (O painel conta 4 Empregados "
         "ativos: o permanente de Recursos Humanos, marcado com P, nunca conta como ativo.)",
         view="company", player=0, highlight={"b1", "a1/0", "b2/0", "c2/0", "c1/0", "d1/0"},
         expect=Numbers({5: lambda g: g.lying(0, "b1"), 4: lambda g: g.active_employees(0)})),
    Step("Seis movimentos iniciais",
         "Agora cada jogador pode fazer até seis movimentos. Um movimento leva um Empregado um espaço para "
         "cima, para baixo, para a esquerda ou para a direita (nunca na diagonal). Ada tira Empregados do "
         "lobby e os leva aos seus Departamentos; o que vai para P&D (d1) passa pela Construção (c1) no "
         "caminho. Eles continuam deitados.",
         ["move b1 a1", "move b1 b2", "move b1 c1", "move b1 c1", "move c1 d1", "move b1 b2"],
         view="company", player=0,
         expect=Numbers({6: lambda g: C.constants.setup_moves})),
    Step("Ficar de pé custa dinheiro",
         "Depois dos movimentos, os Empregados deitados podem ficar de pé num Posto de Trabalho livre do "
         "seu Departamento. Cada Posto de Trabalho mostra o seu custo (os primeiros são baratos, ou de "
         "graça). Ada paga $5 ao todo: dez dos seus Empregados agora estão de pé, trabalhando.",
         ["activate a1", "activate b2", "activate b2", "activate c1", "activate d1"],
         view="company", player=0,
         expect=Numbers({5: loss(lambda g: g.money(0)), 10: lambda g: standing(g, 0)})),
    Step("A preparação de Bo",
         "Bo usa só cinco dos seus movimentos (os que sobram simplesmente se perdem) e põe três "
         "Empregados de pé. Ele guarda dois no lobby para depois.",
         ["move b1 b2", "move b2 c2", "move b1 c1", "move c1 d1", "move b1 a1", "done",
          "activate a1", "activate c2", "activate d1"],
         view="company", player=1,
         expect=Numbers({2: lambda g: g.lying(1, "b1"),
                         3: lambda g: g.active_employees(1) - game.active_employees(1)})),
    Step("Prontos para a rodada 1",
         "A preparação acabou. Ada é a Primeira Jogadora: ela vai escolher a ação da rodada 1 na Linha "
         "do Tempo. É aí que o tutorial 3 continua; antes, o tutorial 2 olha a Companhia de perto.",
         view="timeline",
         expect=Numbers({1: lambda g: g.round})),
], title="A preparação da partida de Ada e Bo",
   intro="Esta é a partida nova lá de cima. Clique em **Avançar** para percorrer a preparação.", lang=LANG)
tour

# %% [markdown]
# ## Exercícios
#
# Olhe o mapa no passo a passo (volte ao início se precisar). O motor confere a sua resposta com a
# posição de verdade.

# %%
Exercise("Quantos **discos neutros** cinza estão no mapa (sem contar a tabela de doações)?",
         lambda g: len(g.sites_of("neutral")), game, pinned=12,
         mistakes={18: "Esses são todos os discos neutros: alguns estão na tabela de doações, não no mapa.",
                   6: "Esse é o número na tabela de doações. Olhe o mapa."},
         hint="Conte os círculos cinza no mapa; o primeiro passo do passo a passo coloca anéis neles.",
         explanation="Os outros 6 dos 18 discos neutros estão na tabela de doações.",
         expect=Numbers({18: neutral_discs, 6: lambda g: len(C.donations) - len(g.free_donations())}),
         code='len(game.sites_of("neutral"))', lang=LANG)

# %%
Exercise("Depois da preparação dela (passo 10 do passo a passo), quantos dólares sobram para Ada?",
         lambda g: g.money(0), tour.game_at(10), pinned=7,
         mistakes={12: "Isso é o que ela tinha no começo: pôr Empregados de pé custa dinheiro.",
                   5: "Isso é o que ela pagou. Quanto sobrou?"},
         hint="Ela começou com $12 e pagou o custo de cada Posto de Trabalho onde pôs um Empregado de pé.",
         explanation="$12 menos os $5 que ela pagou.",
         expect=Numbers({12: lambda g: C.constants.start_money,
                         5: lambda g: C.constants.start_money - g.money(0)}),
         code="game.money(0)", lang=LANG)

# %% [markdown]
# [Índice](00-contents.ipynb) · [2 · A Companhia, os Empregados e Recursos Humanos](02-company-and-employees.ipynb) →
