package br.com.lojaapi.command.categoria;

import br.com.lojaapi.command.comum.DaLoja;
import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.command.comum.Versao;
import br.com.lojaapi.coreapi.categoria.AtualizarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.categoria.CriarCategoriaCommand;
import br.com.lojaapi.coreapi.categoria.RemoverCategoriaCommand;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

@Aggregate
class Categoria {

    static final String NAO_ENCONTRADA = "Categoria não encontrada";
    static final int NOME_MAXIMO = 100;
    static final int DESCRICAO_MAXIMA = 2000;
    static final int ORDEM_MAXIMA = Numeros.ORDEM_MAXIMA;

    @AggregateIdentifier
    private String categoriaId;
    private String lojaId;
    private String nome;
    private String descricao;
    private int ordem;
    private boolean ativa;

    Categoria() {
        // required by Axon
    }

    // A creation-policy method rather than a constructor: only a live aggregate can report the version it reached.
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.ALWAYS)
    long handle(CriarCategoriaCommand comando, NomesDeCategoria nomes) {
        String nomeValido = nomeValido(comando.nome());
        nomes.exigirLivre(comando.lojaId(), nomeValido, comando.categoriaId());
        int ordemFinal = comando.ordem() != null
                ? Numeros.ordem(comando.ordem())
                : Math.min(nomes.proximaOrdem(comando.lojaId()), ORDEM_MAXIMA);
        apply(new CategoriaCriadaEvent(comando.categoriaId(), comando.lojaId(), nomeValido,
                Textos.limitado(comando.descricao(), DESCRICAO_MAXIMA, "descricao"), ordemFinal, comando.ativa(), comando.criadaEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(AtualizarCategoriaCommand comando, NomesDeCategoria nomes) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADA);
        Versao.exigir(comando.versaoEsperada());
        String novoNome = comando.nome() == null ? nome : nomeValido(comando.nome());
        if (!Textos.chaveDeNome(novoNome).equals(Textos.chaveDeNome(nome))) {
            nomes.exigirLivre(lojaId, novoNome, categoriaId);
        }
        String novaDescricao = comando.descricao() == null ? descricao : Textos.limitado(comando.descricao().orElse(null), DESCRICAO_MAXIMA, "descricao");
        int novaOrdem = comando.ordem() == null ? ordem : Numeros.ordem(comando.ordem());
        boolean novaAtiva = comando.ativa() == null ? ativa : comando.ativa();
        apply(new CategoriaAtualizadaEvent(categoriaId, lojaId, novoNome, novaDescricao, novaOrdem, novaAtiva,
                comando.atualizadaEm()));
        return Versao.atual();
    }

    @CommandHandler
    long handle(RemoverCategoriaCommand comando, ProdutosDaCategoria produtos) {
        DaLoja.exigir(lojaId, comando.lojaId(), NAO_ENCONTRADA);
        Versao.exigir(comando.versaoEsperada());
        produtos.exigirSemProdutos(lojaId, categoriaId);
        apply(new CategoriaRemovidaEvent(categoriaId, lojaId, nome, comando.removidaEm()));
        return Versao.atual();
    }

    @EventSourcingHandler
    void on(CategoriaCriadaEvent evento) {
        categoriaId = evento.categoriaId();
        lojaId = evento.lojaId();
        nome = evento.nome();
        descricao = evento.descricao();
        ordem = evento.ordem();
        ativa = evento.ativa();
    }

    @EventSourcingHandler
    void on(CategoriaAtualizadaEvent evento) {
        nome = evento.nome();
        descricao = evento.descricao();
        ordem = evento.ordem();
        ativa = evento.ativa();
    }

    @EventSourcingHandler
    void on(CategoriaRemovidaEvent evento) {
        markDeleted();
    }

    private static String nomeValido(String nome) {
        String limpo = Textos.limpo(nome);
        if (limpo == null) {
            throw ErroDeNegocio.invalido("Informe o nome da categoria (texto não vazio)");
        }
        if (limpo.length() > NOME_MAXIMO) {
            throw ErroDeNegocio.invalido("O nome da categoria tem no máximo " + NOME_MAXIMO + " caracteres");
        }
        return limpo;
    }
}
