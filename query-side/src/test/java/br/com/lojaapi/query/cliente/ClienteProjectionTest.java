package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.BuscarClienteQuery;
import br.com.lojaapi.coreapi.cliente.ClienteAtualizadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteCriadoEvent;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.ClientesPorIdQuery;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.cliente.ListarClientesQuery;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class ClienteProjectionTest extends TesteDeProjecao<ClienteProjection> {

    @Autowired
    ClienteConsultas consultas;

    final String cliente = id();

    @Test
    void criadoEAtualizadoApareceComOsUltimosDadosNasBuscas() {
        DadosCliente novos = dados("Maria Souza", "maria@example.com", "(21) 98888-7777");
        dado(evento(cliente, 0, new ClienteCriadoEvent(cliente, loja,
                        dados("Maria", "m@example.com", "(11) 99999-0000"), CRIADO)),
                evento(cliente, 1, new ClienteAtualizadoEvent(cliente, loja, novos, DEPOIS)));

        ClienteView esperado = new ClienteView(cliente, loja, novos, CRIADO, DEPOIS, 1);
        assertThat(consultar(() -> consultas.handle(new BuscarClienteQuery(loja, cliente)))).contains(esperado);
        assertThat(consultar(() -> consultas.handle(new ListarClientesQuery(loja, "21988887777", 1, 10))).clientes())
                .containsExactly(esperado);
        assertThat(consultar(() -> consultas.handle(new ListarClientesQuery(loja, "m@example", 1, 10))).clientes())
                .isEmpty();
        assertThat(consultar(() -> consultas.handle(new ClientesPorIdQuery(loja, List.of(cliente)))).clientes())
                .containsExactly(esperado);
        assertThat(consultar(() -> consultas.handle(new BuscarClienteQuery(id(), cliente)))).isEmpty();
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(cliente, 0, new ClienteCriadoEvent(cliente, loja, dados("A", null, null), CRIADO)),
                evento(cliente, 2, new ClienteAtualizadoEvent(cliente, loja, dados("C", null, null), DEPOIS)),
                evento(cliente, 1, new ClienteAtualizadoEvent(cliente, loja, dados("B", null, null), CRIADO)),
                evento(cliente, 0, new ClienteCriadoEvent(cliente, loja, dados("A", null, null), CRIADO)));

        assertThat(consultar(() -> consultas.handle(new BuscarClienteQuery(loja, cliente)))).get()
                .satisfies(view -> {
                    assertThat(view.dados().nome()).isEqualTo("C");
                    assertThat(view.atualizadoEm()).isEqualTo(DEPOIS);
                    assertThat(view.versao()).isEqualTo(2);
                });
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM cliente_view WHERE id = ?", cliente),
                evento(cliente, 0, new ClienteCriadoEvent(cliente, loja, dados("João", null, null), CRIADO)),
                evento(cliente, 1, new ClienteAtualizadoEvent(cliente, loja, dados("João Lima", "j@example.com", null),
                        DEPOIS)),
                evento(cliente, 2, new ClienteAtualizadoEvent(cliente, loja,
                        dados("João Lima", "joao@example.com", "(31) 97777-6666"), DEPOIS)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("email", "joao@example.com").containsEntry("versao", 2L));
    }

    private static DadosCliente dados(String nome, String email, String celular) {
        return new DadosCliente(nome, "12345678909", "CPF", email, null, celular, "01001000", "Praça da Sé", "1",
                "Sé", "São Paulo", "SP");
    }
}
